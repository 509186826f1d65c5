//! The draw that the one-passage kinds share (translated and its clean kinds, rendered and its):
//! the same-topic documents first, then one planted passage per source in a host of its own, each
//! from another reference in a shuffled order, then clean hosts.

use crate::generate::{Kind, Suspicious};
use crate::rng::Rng;

/// A generator of one planted kind, its same-topic kind and its clean kind.
pub trait OnePassageKinds {
    /// The run's name in messages ("en", "zh").
    fn label(&self) -> &str;
    /// The planted kind and the clean kind.
    fn kinds(&self) -> (Kind, Kind);
    /// What joins a host's pages into one text.
    fn paragraph(&self) -> &str;
    /// How many references the draw may take a passage from.
    fn references(&self) -> usize;
    /// Whether reference `reference` has a passage that may be planted.
    fn plantable(&self, reference: usize) -> bool;
    /// The draw's random numbers.
    fn rng(&mut self) -> &mut Rng;
    /// References with a passage to plant, and how many of them were tried.
    fn tried(&mut self) -> &mut (usize, usize);
    /// A host's pages, taken out of the pool; `None` when the pool is spent.
    fn host(&mut self) -> Option<Vec<String>>;
    /// `count` documents of the same-topic kind, taken out of the pool.
    fn same_topic(&mut self, count: usize) -> Vec<Suspicious>;
    /// A passage of `source` planted in `host`, or `None` when it is turned down.
    fn plant(&mut self, source: usize, host: &[String]) -> Option<Suspicious>;
}

/// `per_kind` documents of each of `generator`'s three kinds.
pub fn documents(generator: &mut impl OnePassageKinds, per_kind: usize) -> Vec<Suspicious> {
    let mut result = generator.same_topic(per_kind);
    let (planted, clean) = generator.kinds();
    let mut sources: Vec<usize> = (0..generator.references())
        .filter(|&r| generator.plantable(r))
        .collect();
    generator.rng().shuffle(&mut sources);
    generator.tried().0 = sources.len();
    // A host is used once: kept for the next source when a passage is turned down.
    let (mut made, mut spare) = (0, None);
    for source in sources {
        if made == per_kind {
            break;
        }
        generator.tried().1 += 1;
        let Some(host) = spare.take().or_else(|| generator.host()) else {
            eprintln!(
                "[{}] out of pool pages at {}",
                generator.label(),
                planted.name()
            );
            break;
        };
        match generator.plant(source, &host) {
            Some(document) => {
                result.push(document);
                made += 1;
            }
            None => spare = Some(host),
        }
    }
    for _ in 0..per_kind {
        let Some(host) = generator.host() else {
            eprintln!(
                "[{}] out of pool pages at {}",
                generator.label(),
                clean.name()
            );
            break;
        };
        result.push(Suspicious {
            kind: clean,
            text: host.join(generator.paragraph()),
            cases: Vec::new(),
        });
    }
    result
}
