// Many async callers sharing one Checker (issue 9, item 9: "interleaving addReference and check from
// many async callers gave checks with missing sources in one run").
//
// The API is synchronous, so callers can only interleave at their own await points: every
// addReference or check runs to completion before any other JS runs. Tested: a check sees every
// reference whose add had resolved when the check was issued, and more strongly, its report is
// exactly what a fresh Checker given the same adds one at a time reports, so it depends on the
// references present and on nothing else (not on other callers, not on other checks).
//
// What does make sources disappear is the reference set itself, and that is by design, so it is
// tested too: text held by more than `maxDocFrequency` (10) references is common phrasing, not
// evidence, so adding an 11th reference that holds a short passage removes it as a source from the
// other ten; and `maxSources` (100) caps the list. A run where many callers add references sharing
// text sees later checks report fewer sources than earlier ones, and no lost update.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Checker } from 'plagscope';

const corpus = new URL('../../target/corpus/en/', import.meta.url);
const brownNames = readdirSync(corpus).filter((n) => /^brown-.*\.txt$/.test(n)).sort();
// Quotation marks are stripped: the check leaves quotations out, and a passage cut from inside a
// quotation would then be missing for a reason that has nothing to do with concurrency.
const brown = (name) => readFileSync(new URL(name, corpus), 'utf8').replace(/["“”«»]/g, '');
const wordsOf = (text, from, count) => text.split(/\s+/).filter(Boolean).slice(from, from + count).join(' ');

/** A small deterministic PRNG (mulberry32), so a failing interleaving can be replayed by its seed. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Yields to other callers in one of the ways real code does: a microtask, a macrotask, a timer. */
function pause(rand) {
  const kind = Math.floor(rand() * 4);
  if (kind === 0) return Promise.resolve();
  if (kind === 1) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => setTimeout(resolve, Math.floor(rand() * 4)));
}

// 30 references (whole Brown texts) and 20 papers, each copying 50 words from 3 of them between
// filler from texts that are not references.
const REFERENCES = brownNames.slice(0, 30).map((name) => ({ id: name, text: brown(name) }));
const FILLER = brownNames.slice(300, 320).map(brown);
function makePapers(rand) {
  return FILLER.map((filler, i) => {
    const copied = [];
    while (copied.length < 3) {
      const reference = REFERENCES[Math.floor(rand() * REFERENCES.length)];
      if (!copied.includes(reference)) copied.push(reference);
    }
    const parts = [wordsOf(filler, 0, 60)];
    copied.forEach((reference, j) => parts.push(wordsOf(reference.text, 100 + 150 * j, 50), wordsOf(filler, 60 + 60 * j, 60)));
    return { name: `paper ${i}`, text: parts.join('\n\n'), copied: copied.map((r) => r.id) };
  });
}

async function interleavedRun(seed) {
  const rand = random(seed);
  const papers = makePapers(rand);
  const checker = new Checker();
  const added = []; // ids, in the order addReference ran
  const completed = []; // ids whose caller's add had resolved
  const checks = [];
  const adders = REFERENCES.map(async (reference) => {
    await pause(rand);
    await pause(rand);
    checker.addReference(reference);
    added.push(reference.id);
    await pause(rand); // the caller's promise resolves a little later still
    completed.push(reference.id);
  });
  // Each paper is checked three times, at random moments among the adds.
  const checkers = papers.flatMap((paper) =>
    [0, 1, 2].map(async () => {
      for (let i = Math.floor(rand() * 6); i > 0; i--) await pause(rand);
      // Adds whose promise resolved must be seen; adds that ran but whose callers have not
      // resumed yet may be.
      const before = [...completed];
      const present = added.length;
      const report = checker.check(paper.text);
      checks.push({ paper, before, present, report });
    }),
  );
  await Promise.all([...adders, ...checkers]);
  assert.equal(checker.size, REFERENCES.length);
  return { checks, added };
}

test('interleaved adds and checks from many async callers: every check sees every completed add', async () => {
  for (const seed of [1, 2, 3]) {
    const { checks, added } = await interleavedRun(seed);
    // The run must interleave, or it tests nothing: checks saw none, some and all of the references,
    // and some were issued while an add had run but its caller had not resumed.
    const seen = new Set(checks.map((c) => c.before.length));
    assert.ok(seen.size > 5 && Math.min(...seen) < 5 && Math.max(...seen) === REFERENCES.length, `seed ${seed}: seen ${[...seen]}`);
    assert.ok(checks.some((c) => c.present > c.before.length), `seed ${seed}: no add was in flight at any check`);
    let found = 0;
    for (const { paper, before, present, report } of checks) {
      const sources = report.sources.map((s) => s.id);
      for (const id of paper.copied) {
        if (before.includes(id)) {
          found += 1;
          assert.ok(sources.includes(id), `seed ${seed}, ${paper.name}: ${id} was added before the check but is missing (sources ${sources})`);
        }
      }
      // Nothing else: no reference that was not added yet, no source the paper did not copy.
      for (const id of sources) {
        assert.ok(added.slice(0, present).includes(id) && paper.copied.includes(id), `seed ${seed}, ${paper.name}: unexpected source ${id}`);
      }
    }
    assert.ok(found > 50, `seed ${seed}: only ${found} copied references were checked for`);

    // Replayed one call at a time, each check after the adds that had run before it, the reports
    // are identical: a check depends on the references present and nothing else.
    const replay = new Checker();
    let replayed = 0;
    for (const check of [...checks].sort((a, b) => a.present - b.present)) {
      for (; replayed < check.present; replayed++) {
        const id = added[replayed];
        replay.addReference(REFERENCES.find((r) => r.id === id));
      }
      assert.deepEqual(replay.check(check.paper.text), check.report, `seed ${seed}, ${check.paper.name} after ${check.present} adds`);
    }
  }
});

test('an add still in flight when a check is issued may or may not be seen; awaiting it makes it seen', async () => {
  // The likely origin of the report: `Promise.all([add(a), check(p)])` issues the check before the
  // add has happened (the add awaited something first, e.g. reading its file).
  const checker = new Checker();
  const [reference] = REFERENCES;
  const paper = `${wordsOf(FILLER[0], 0, 80)}\n\n${wordsOf(reference.text, 100, 50)}`;
  const add = async () => {
    await new Promise((resolve) => setTimeout(resolve, 5)); // e.g. reading the file
    checker.addReference(reference);
  };
  const check = async () => checker.check(paper).sources.map((s) => s.id);
  const [, early] = await Promise.all([add(), check()]);
  assert.deepEqual(early, [], 'the check ran before the add did');
  assert.deepEqual(await check(), [reference.id], 'once the add resolved, the check sees it');
});

test('the only overlap possible in one thread, a call made from inside another (an options getter), is safe', () => {
  // Two calls can only overlap on one instance when JS code runs inside a call: a getter on the
  // options runs while check holds the instance. A nested read (check) is allowed; a nested change
  // (add, remove) is refused (PLAGSCOPE_BUSY, from wasm-bindgen's borrow error), the outer call goes on, and thousands
  // of refusals leave the instance intact (an exception thrown through Rust frames used to leak
  // wasm's shadow stack after ~1,300 calls).
  const checker = new Checker();
  const source = wordsOf(REFERENCES[0].text, 100, 50);
  checker.addReference({ id: 'src', text: source });
  const outcomes = { add: new Set(), remove: new Set(), check: new Set() };
  const attempt = (name, call) => {
    try {
      call();
      outcomes[name].add('done');
    } catch (error) {
      outcomes[name].add(error.message);
    }
  };
  const reentrant = () => ({
    get excludeQuotes() {
      attempt('add', () => checker.addReference({ id: 'inner', text: 'x y z' }));
      attempt('remove', () => checker.removeReference('src'));
      attempt('check', () => assert.equal(checker.check(source).sources.length, 1));
      return true;
    },
  });
  for (let i = 0; i < 2000; i++) assert.deepEqual(checker.check(source, reentrant()).sources.map((s) => s.id), ['src']);
  const refused = 'this Checker was called while another call on it is running (from its progress callback or an option\'s getter); call it once that call has returned';
  assert.deepEqual({ add: [...outcomes.add], remove: [...outcomes.remove], check: [...outcomes.check] }, { add: [refused], remove: [refused], check: ['done'] });
  assert.deepEqual(checker.references().map((r) => r.id), ['src']);
  checker.addReference(REFERENCES[1]);
  assert.equal(checker.check(`${source}\n\n${wordsOf(REFERENCES[1].text, 100, 50)}`).sources.length, 2);
});

test('sources that disappear by design: common phrasing (maxDocFrequency) and maxSources', () => {
  // Eleven references open with the same 20-word sentence; a paper copies only that sentence.
  const boilerplate = 'This report was prepared by the committee on student affairs and approved at the annual general meeting of the faculty.';
  const paper = `${wordsOf(FILLER[1], 0, 80)}\n\n${boilerplate}\n\n${wordsOf(FILLER[1], 80, 80)}`;
  const checker = new Checker();
  for (const [i, reference] of REFERENCES.slice(0, 11).entries()) {
    checker.addReference({ id: `template ${i}`, text: `${boilerplate} ${wordsOf(reference.text, 0, 400)}` });
    const sources = checker.check(paper).sources.length;
    // Held by up to ten references the sentence is evidence for each; held by eleven it is a
    // stock phrase of the set and evidence for none, so all ten earlier sources vanish at once.
    assert.equal(sources, i < 10 ? i + 1 : 0, `after ${i + 1} references`);
  }
  assert.equal(checker.check(paper, { align: { maxDocFrequency: 11 } }).sources.length, 11);

  // More matching references than maxSources: the report lists the 100 most similar.
  const many = new Checker();
  const pieces = brownNames.slice(30, 131).map((name) => wordsOf(brown(name), 0, 40));
  pieces.forEach((text, i) => many.addReference({ id: `piece ${i}`, text }));
  const all = pieces.join('\n\n');
  assert.equal(many.check(all).sources.length, 100);
  assert.equal(many.check(all, { maxSources: 101 }).sources.length, 101);
});
