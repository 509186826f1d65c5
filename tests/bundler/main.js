// A user's browser app that imports plagscope by name and is bundled by Vite.
import { Checker, version } from 'plagscope';

const source = 'Winnowing selects fingerprints from the hashes of k-grams so that every match of sufficient length between two documents is detected by the algorithm.';
const paper = 'As shown, winnowing selects fingerprints from the hashes of k-grams so that every match of sufficient length between two documents is detected.';
const checker = new Checker();
checker.addReference({ id: 'src', text: source });
const report = checker.check(paper);
const passage = report.sources[0]?.passages[0];
document.getElementById('out').textContent = JSON.stringify({
  version: version(),
  source: report.sources[0]?.id,
  passage: passage ? paper.slice(passage.start, passage.end) : null,
});
