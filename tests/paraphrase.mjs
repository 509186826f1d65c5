// A paper that copies a demo-set reference rewritten by hand, for the tests of how a rewritten
// passage is shown (tests/js/rewritten.test.mjs: the CLI, the HTML report; tests/e2e/rewritten:
// the page). Seven consecutive sentences of the Norway profile (pkg/demo-refs.json, `factbook-no`)
// said again with synonyms and in another word order, keeping their rare content words (Viking,
// TRYGGVASON, Denmark, cession, referendum...), which the engine's sentence matching finds, with a
// sentence of the paper's own among them, after the fourth: a report true to sentences never
// marks it, so the copy is two rewritten passages, of four sentences and of three. They share one run of 6 words with the reference ("more
// than four centuries. In 1814", across two sentences) and no other; the engine finds the reference
// through its sentence fingerprints even without that run (with "over four hundred years" in its
// place, checked with the built package, the passage is still reported as rewritten).

/** The id of the demo reference that is rewritten. */
export const REWRITTEN_ID = 'factbook-no';

/** The rewritten sentences, in the reference's order. */
export const REWRITTEN = [
  'After King Olav TRYGGVASON adopted Christianity in 994, the Viking raids on Europe, which had gone on for two centuries, tapered off.',
  "The Norwegian kingdom's conversion took place over the following several decades.",
  'In 1397 Denmark absorbed Norway into a union that endured for more than four centuries.',
  "In 1814 the Norwegians adopted a new constitution, resisting their country's cession to Sweden.",
  'Sweden invaded next, yet it agreed that Norway could keep its constitution if the Norwegians accepted a Swedish king as head of the union.',
  'A 1905 referendum, the result of nationalism rising throughout the 19th century, granted Norway its independence.',
  'Norway stayed neutral during World War I, but its shipping suffered heavy losses.',
];

/** A sentence of the paper's own, inside the rewritten ones: the copy is not one block. */
export const OWN_SENTENCE = 'Many borders of the north were drawn by treaties that nobody there had asked for.';

/** The paper: an opening and a closing of its own around the rewritten sentences. */
export const REWRITTEN_PAPER = [
  'Small countries often had to choose between neighbours stronger than themselves.',
  [...REWRITTEN.slice(0, 4), OWN_SENTENCE, ...REWRITTEN.slice(4)].join(' '),
  'Such a history explains why independence still matters so much to the people who live there today.',
].join('\n\n');
