//! Sentence vectors kept for a search by meaning: each as its signs (one bit a dimension, which
//! a Hamming distance compares at 64 dimensions an instruction, Charikar's SimHash estimate of
//! the angle) and as 8-bit values with a scale (a quarter of the floats' bytes, for the cosine
//! that ranks the few the signs bring). A search scans the signs of every sentence, then
//! re-ranks the nearest by cosine: brute force, which at 10^5 sentences is a few milliseconds a
//! paper sentence and needs no index to keep in step with the references.

/// Sentences whose signs are nearest a query, re-ranked by cosine.
pub const SHORTLIST: usize = 16;

/// The vectors of one text's sentences, compactly: per sentence, `dimensions` 8-bit values (two's
/// complement, as a saved index keeps them) and a scale; their signs, for the scan.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SentenceCodes {
    dimensions: usize,
    signs: Vec<u64>,
    values: Vec<u8>,
    scales: Vec<f32>,
}

/// A query: a sentence's vector and its signs.
pub struct Query<'a> {
    vector: &'a [f32],
    signs: Vec<u64>,
}

impl<'a> Query<'a> {
    /// The query of the unit vector `vector`.
    pub fn new(vector: &'a [f32]) -> Query<'a> {
        Query {
            vector,
            signs: signs(vector),
        }
    }
}

/// One bit a value: whether it is positive.
fn signs<T: PartialOrd + Default>(vector: &[T]) -> Vec<u64> {
    let mut bits = vec![0u64; vector.len().div_ceil(64)];
    for (i, x) in vector.iter().enumerate() {
        if *x > T::default() {
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    bits
}

impl SentenceCodes {
    /// The codes of `vectors`, `dimensions` values each, one after another.
    pub fn new(vectors: &[f32], dimensions: usize) -> SentenceCodes {
        let mut codes = SentenceCodes {
            dimensions,
            ..SentenceCodes::default()
        };
        for vector in vectors.chunks_exact(dimensions.max(1)) {
            let most = vector.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            let scale = if most > 0.0 { most / 127.0 } else { 1.0 };
            let values = vector.iter().map(|x| (x / scale).round() as i8 as u8);
            codes.values.extend(values);
            codes.scales.push(scale);
        }
        codes.signs = codes.signs_of_values();
        codes
    }

    /// The codes a saved index kept ([`SentenceCodes::values`], [`SentenceCodes::scales`]); an
    /// error says what does not fit.
    pub fn from_saved(
        dimensions: usize,
        values: Vec<u8>,
        scales: Vec<f32>,
    ) -> Result<SentenceCodes, String> {
        if dimensions == 0 || values.len() != scales.len() * dimensions {
            return Err(format!(
                "{} code bytes for {} sentences of {dimensions} dimensions",
                values.len(),
                scales.len()
            ));
        }
        if scales.iter().any(|s| !s.is_finite()) {
            return Err("a sentence code's scale is not a number".into());
        }
        let mut codes = SentenceCodes {
            dimensions,
            signs: Vec::new(),
            values,
            scales,
        };
        codes.signs = codes.signs_of_values();
        Ok(codes)
    }

    /// The signs of the kept values (not of the vectors: a value rounded to 0 has none), so
    /// that codes read back from a file are the codes written.
    fn signs_of_values(&self) -> Vec<u64> {
        let rows = self.values.chunks_exact(self.dimensions.max(1));
        rows.flat_map(|row| signs(&row.iter().map(|&v| v as i8).collect::<Vec<i8>>()))
            .collect()
    }

    /// The width of a vector.
    pub fn dimensions(&self) -> usize {
        self.dimensions
    }

    /// Every sentence's values, one sentence after another, as two's-complement bytes.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Every sentence's scale: its value `v` stands for `v as i8 × scale`.
    pub fn scales(&self) -> &[f32] {
        &self.scales
    }

    /// How many sentences.
    pub fn len(&self) -> usize {
        self.scales.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.scales.is_empty()
    }

    /// Sentence `i`'s vector, as kept.
    pub fn vector(&self, i: usize) -> Vec<f32> {
        let values = &self.values[i * self.dimensions..(i + 1) * self.dimensions];
        values
            .iter()
            .map(|&v| f32::from(v as i8) * self.scales[i])
            .collect()
    }

    /// The number of signs sentence `i` and `query` differ in.
    pub fn distance(&self, i: usize, query: &Query<'_>) -> u32 {
        let words = query.signs.len();
        let signs = &self.signs[i * words..(i + 1) * words];
        signs
            .iter()
            .zip(&query.signs)
            .map(|(a, b)| (a ^ b).count_ones())
            .sum()
    }

    /// The cosine of sentence `i` (as kept) and `query`.
    pub fn cosine(&self, i: usize, query: &Query<'_>) -> f32 {
        let values = &self.values[i * self.dimensions..(i + 1) * self.dimensions];
        let dot: f32 = values
            .iter()
            .zip(query.vector)
            .map(|(&v, q)| f32::from(v as i8) * q)
            .sum();
        dot * self.scales[i]
    }
}

/// The sentences nearest `query` among `texts`' (text, sentence) pairs that `eligible` allows:
/// the [`SHORTLIST`] nearest by signs, then the best `keep` of them by cosine at `min_cosine` or
/// over, best first, as (text, sentence, cosine).
pub fn nearest(
    texts: &[&SentenceCodes],
    query: &Query<'_>,
    eligible: impl Fn(usize, usize) -> bool,
    (keep, min_cosine): (usize, f32),
) -> Vec<(usize, usize, f32)> {
    let mut shortlist: Vec<(u32, usize, usize)> = Vec::with_capacity(SHORTLIST + 1);
    for (t, codes) in texts.iter().enumerate() {
        for s in 0..codes.len() {
            let distance = codes.distance(s, query);
            let full = shortlist.len() == SHORTLIST;
            if (full && distance >= shortlist[SHORTLIST - 1].0) || !eligible(t, s) {
                continue;
            }
            let at = shortlist.partition_point(|&(d, _, _)| d <= distance);
            shortlist.insert(at, (distance, t, s));
            shortlist.truncate(SHORTLIST);
        }
    }
    let mut ranked: Vec<(usize, usize, f32)> = (shortlist.into_iter())
        .map(|(_, t, s)| (t, s, texts[t].cosine(s, query)))
        .filter(|&(_, _, cosine)| cosine >= min_cosine)
        .collect();
    ranked.sort_by(|a, b| b.2.total_cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
    ranked.truncate(keep);
    ranked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(values: &[f32]) -> Vec<f32> {
        let norm = values.iter().map(|x| x * x).sum::<f32>().sqrt();
        values.iter().map(|x| x / norm).collect()
    }

    #[test]
    fn codes_keep_the_cosine_and_the_nearest_is_found() {
        let a = unit(&[1.0, 0.2, -0.3, 0.5]);
        let b = unit(&[-1.0, 0.4, 0.3, 0.1]);
        let c = unit(&[0.9, 0.25, -0.2, 0.6]);
        let first = SentenceCodes::new(&[a.clone(), b.clone()].concat(), 4);
        let second = SentenceCodes::new(&c, 4);
        assert_eq!(first.len(), 2);
        let query = Query::new(&a);
        let exact: f32 = a.iter().zip(&c).map(|(x, y)| x * y).sum();
        assert!((second.cosine(0, &query) - exact).abs() < 0.01);
        assert_eq!(first.distance(0, &query), 0);
        let found = nearest(&[&first, &second], &query, |_, _| true, (2, 0.5));
        assert_eq!(
            found.iter().map(|f| (f.0, f.1)).collect::<Vec<_>>(),
            [(0, 0), (1, 0)]
        );
        // Read back from what a saved index keeps: the same codes.
        let saved = SentenceCodes::from_saved(4, first.values().to_vec(), first.scales().to_vec());
        assert_eq!(saved.unwrap(), first);
        assert!(SentenceCodes::from_saved(4, vec![0; 7], vec![1.0, 1.0]).is_err());
        assert!(SentenceCodes::from_saved(4, vec![0; 4], vec![f32::NAN]).is_err());
        // The sentence itself left out, and a floor no other reaches.
        let found = nearest(&[&first, &second], &query, |t, _| t == 1, (2, 0.999));
        assert!(found.is_empty());
    }
}
