// The scripts of the library's references that the sentence model reads from parts of its own
// (js/model-languages.js), for the worker to load the parts a check needs. Each reference's text is
// read once: a library of thousands is not decompressed again for every check.
import { partsOf } from '../../js/model-languages.js';

export class LibraryScripts {
  #byId = new Map(); // reference id -> its parts
  #all = null; // the parts of them all, until the library changes

  /** The library changed: what it holds is looked at again (its unchanged references are not read again). */
  changed() {
    this.#all = null;
  }

  /** The library was replaced (a reference of the same id may hold another text): everything is read again. */
  replaced() {
    this.#byId.clear();
    this.#all = null;
  }

  /** The parts (names) whose scripts the references of `checker` are written in. */
  of(checker) {
    if (this.#all) return this.#all;
    const ids = new Set(checker.references().map((r) => r.id));
    for (const id of this.#byId.keys()) if (!ids.has(id)) this.#byId.delete(id);
    for (const id of ids) if (!this.#byId.has(id)) this.#byId.set(id, partsOf(checker.getReference(id)?.text));
    this.#all = [...new Set([...this.#byId.values()].flat())];
    return this.#all;
  }
}
