//! The model file: named tensors in a safetensors container, so any safetensors tool can read it.
//! Float tensors with at most 256 distinct values (all of this model's large dense layers, which
//! were quantized before they were published) are stored losslessly as one byte per value and a
//! codebook, `name` (U8 codes) beside `name.codebook` (F32); the rest as they are. The writer and
//! the reader are both here, so the format is written down once.
//! Hosts ship the file gzipped and inflate it before [`read`]: browsers and Node do that natively.

use std::collections::{BTreeMap, HashMap};

use plagscope::Error;
use safetensors::tensor::{Dtype, SafeTensors, TensorView};

/// The metadata key that names the format; a file without it, or of another version, is refused.
pub const FORMAT_KEY: &str = "format";
/// This reader's format: bump it when a tensor's meaning changes.
pub const FORMAT: &str = "plagscope-model/1";
/// The suffix of a quantized tensor's codebook.
const CODEBOOK: &str = ".codebook";
/// The largest weight a model file may hold, in absolute value: this model's reach ±20, and a
/// value far beyond (a damaged or doctored file) would load and quietly change every similarity.
const MAX_WEIGHT: f32 = 1_000.0;

/// `values` of tensor `name`, if every one is a finite number within ±[`MAX_WEIGHT`].
fn within_range(name: &str, values: Vec<f32>) -> Result<Vec<f32>, Error> {
    match values
        .iter()
        .find(|v| !v.is_finite() || v.abs() > MAX_WEIGHT)
    {
        Some(bad) => Err(Error::invalid_model(format!(
            "tensor {name} holds {bad}, outside the ±{MAX_WEIGHT} of any weight of this model"
        ))),
        None => Ok(values),
    }
}

/// A tensor's values as the writer takes them.
#[derive(Debug, Clone, PartialEq)]
pub enum Values {
    /// Bytes (the embedding's 6-bit codes, the tokenizer's own file).
    U8(Vec<u8>),
    /// Indexes (the row of each piece).
    U32(Vec<u32>),
    /// Weights; stored as codes and a codebook when they have at most 256 distinct values.
    F32(Vec<f32>),
}

/// A named tensor to write.
#[derive(Debug, Clone, PartialEq)]
pub struct Tensor {
    /// Its name in the file.
    pub name: String,
    /// Its shape, outermost first (row-major).
    pub shape: Vec<usize>,
    /// Its values, `shape`'s product of them.
    pub values: Values,
}

/// The bytes of a model file (not yet gzipped) holding `tensors` and the metadata `about`
/// (name, licence, source), stamped with [`FORMAT`].
pub fn write(tensors: &[Tensor], about: &BTreeMap<String, String>) -> Result<Vec<u8>, Error> {
    let mut stored: Vec<(String, Dtype, Vec<usize>, Vec<u8>)> = Vec::new();
    for tensor in tensors {
        let count: usize = tensor.shape.iter().product();
        let (dtype, len) = match &tensor.values {
            Values::U8(v) => (Dtype::U8, v.len()),
            Values::U32(v) => (Dtype::U32, v.len()),
            Values::F32(v) => (Dtype::F32, v.len()),
        };
        if len != count {
            return Err(Error::invalid_model(format!(
                "tensor {} has {len} values for the shape {:?}",
                tensor.name, tensor.shape
            )));
        }
        match &tensor.values {
            Values::U8(v) => {
                stored.push((tensor.name.clone(), dtype, tensor.shape.clone(), v.clone()))
            }
            Values::U32(v) => stored.push((
                tensor.name.clone(),
                dtype,
                tensor.shape.clone(),
                le_bytes(v, |x| x.to_le_bytes()),
            )),
            Values::F32(v) => stored.extend(float_tensor(&tensor.name, &tensor.shape, v)),
        }
    }
    let mut metadata: HashMap<String, String> = about.clone().into_iter().collect();
    metadata.insert(FORMAT_KEY.to_string(), FORMAT.to_string());
    let views = stored
        .iter()
        .map(|(name, dtype, shape, data)| {
            let view = TensorView::new(*dtype, shape.clone(), data)
                .map_err(|e| Error::invalid_model(format!("tensor {name}: {e}")))?;
            Ok((name.clone(), view))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    safetensors::serialize(views, Some(metadata)).map_err(|e| Error::invalid_model(e.to_string()))
}

/// A float tensor as stored: codes and a codebook when it has at most 256 distinct values.
fn float_tensor(
    name: &str,
    shape: &[usize],
    values: &[f32],
) -> Vec<(String, Dtype, Vec<usize>, Vec<u8>)> {
    let mut book: Vec<u32> = values.iter().map(|v| v.to_bits()).collect();
    book.sort_unstable();
    book.dedup();
    if book.len() > 256 || values.len() <= 256 {
        let bytes = le_bytes(values, |x| x.to_le_bytes());
        return vec![(name.to_string(), Dtype::F32, shape.to_vec(), bytes)];
    }
    let codes = values
        .iter()
        .map(|v| book.binary_search(&v.to_bits()).expect("in the codebook") as u8)
        .collect();
    let book_bytes = le_bytes(&book, |x| x.to_le_bytes());
    vec![
        (name.to_string(), Dtype::U8, shape.to_vec(), codes),
        (
            format!("{name}{CODEBOOK}"),
            Dtype::F32,
            vec![book.len()],
            book_bytes,
        ),
    ]
}

fn le_bytes<T: Copy, const N: usize>(values: &[T], to: impl Fn(T) -> [u8; N]) -> Vec<u8> {
    values.iter().flat_map(|&v| to(v)).collect()
}

/// A model file opened for reading: its tensors, checked against the shapes the network expects.
pub struct ModelFile<'a> {
    tensors: SafeTensors<'a>,
    about: BTreeMap<String, String>,
}

/// The model file in `bytes` (inflated), if it is one of this [`FORMAT`].
pub fn read(bytes: &[u8]) -> Result<ModelFile<'_>, Error> {
    let (_, metadata) = SafeTensors::read_metadata(bytes)
        .map_err(|e| Error::invalid_model(format!("not a model file ({e})")))?;
    let about: BTreeMap<String, String> = metadata
        .metadata()
        .clone()
        .unwrap_or_default()
        .into_iter()
        .collect();
    match about.get(FORMAT_KEY) {
        Some(format) if format == FORMAT => {}
        Some(other) => {
            return Err(Error::invalid_model(format!(
                "the file is of format {other}; this engine reads {FORMAT}"
            )))
        }
        None => {
            return Err(Error::invalid_model(
                "the file names no plagscope model format",
            ))
        }
    }
    let tensors = SafeTensors::deserialize(bytes)
        .map_err(|e| Error::invalid_model(format!("damaged tensors ({e})")))?;
    Ok(ModelFile { tensors, about })
}

impl<'a> ModelFile<'a> {
    /// The file's metadata: its name, licence and source, and its format.
    pub fn about(&self) -> &BTreeMap<String, String> {
        &self.about
    }

    /// The shape of the tensor `name`.
    pub fn shape(&self, name: &str) -> Result<Vec<usize>, Error> {
        let view = self
            .tensors
            .tensor(name)
            .map_err(|_| Error::invalid_model(format!("the file has no tensor {name}")))?;
        Ok(view.shape().to_vec())
    }

    /// The bytes of the U8 tensor `name`, which must have `shape` (`None`: any length, 1-D).
    pub fn bytes(&self, name: &str, shape: Option<&[usize]>) -> Result<&'a [u8], Error> {
        let view = self.view(name, Dtype::U8, shape)?;
        Ok(view.data())
    }

    /// The U32 tensor `name`, which must have `shape`.
    pub fn u32s(&self, name: &str, shape: &[usize]) -> Result<Vec<u32>, Error> {
        let view = self.view(name, Dtype::U32, Some(shape))?;
        Ok(from_le(view.data(), u32::from_le_bytes))
    }

    /// The float tensor `name`, which must have `shape`: read as it is, or decoded from its codes
    /// and codebook.
    pub fn f32s(&self, name: &str, shape: &[usize]) -> Result<Vec<f32>, Error> {
        let codebook = format!("{name}{CODEBOOK}");
        if self.tensors.tensor(&codebook).is_err() {
            let view = self.view(name, Dtype::F32, Some(shape))?;
            return within_range(name, from_le(view.data(), f32::from_le_bytes));
        }
        let book = self.view(&codebook, Dtype::F32, None)?;
        let book: Vec<f32> = within_range(name, from_le(book.data(), f32::from_le_bytes))?;
        let codes = self.view(name, Dtype::U8, Some(shape))?;
        codes
            .data()
            .iter()
            .map(|&code| book.get(usize::from(code)).copied())
            .collect::<Option<Vec<f32>>>()
            .ok_or_else(|| {
                Error::invalid_model(format!("tensor {name} has a code past its codebook"))
            })
    }

    fn view(
        &self,
        name: &str,
        dtype: Dtype,
        shape: Option<&[usize]>,
    ) -> Result<TensorView<'a>, Error> {
        let view = self
            .tensors
            .tensor(name)
            .map_err(|_| Error::invalid_model(format!("the file has no tensor {name}")))?;
        let shape_fits = match shape {
            Some(shape) => view.shape() == shape,
            None => view.shape().len() == 1,
        };
        if view.dtype() != dtype || !shape_fits {
            return Err(Error::invalid_model(format!(
                "tensor {name} is {:?} {:?}, not {dtype:?} {}",
                view.dtype(),
                view.shape(),
                shape.map_or("of one dimension".to_string(), |s| format!("{s:?}"))
            )));
        }
        Ok(view)
    }
}

fn from_le<T, const N: usize>(bytes: &[u8], from: impl Fn([u8; N]) -> T) -> Vec<T> {
    bytes
        .chunks_exact(N)
        .map(|chunk| from(chunk.try_into().expect("chunks of N bytes")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tensors() -> Vec<Tensor> {
        let wide: Vec<f32> = (0..600).map(|i| i as f32 * 0.5).collect();
        let coded: Vec<f32> = (0..600).map(|i| (i % 7) as f32 - 3.25).collect();
        vec![
            Tensor {
                name: "bytes".into(),
                shape: vec![2, 3],
                values: Values::U8(vec![1, 2, 3, 4, 5, 6]),
            },
            Tensor {
                name: "rows".into(),
                shape: vec![3],
                values: Values::U32(vec![7, 0, u32::MAX]),
            },
            Tensor {
                name: "wide".into(),
                shape: vec![20, 30],
                values: Values::F32(wide),
            },
            Tensor {
                name: "coded".into(),
                shape: vec![30, 20],
                values: Values::F32(coded),
            },
        ]
    }

    #[test]
    fn what_is_written_reads_back_the_same() {
        let about = BTreeMap::from([("name".to_string(), "test".to_string())]);
        let bytes = write(&tensors(), &about).unwrap();
        let file = read(&bytes).unwrap();
        assert_eq!(file.about()["name"], "test");
        assert_eq!(file.about()[FORMAT_KEY], FORMAT);
        assert_eq!(
            file.bytes("bytes", Some(&[2, 3])).unwrap(),
            &[1, 2, 3, 4, 5, 6]
        );
        assert_eq!(file.u32s("rows", &[3]).unwrap(), vec![7, 0, u32::MAX]);
        for tensor in &tensors()[2..] {
            let Values::F32(values) = &tensor.values else {
                unreachable!()
            };
            assert_eq!(
                &file.f32s(&tensor.name, &tensor.shape).unwrap(),
                values,
                "{}",
                tensor.name
            );
        }
        // Few distinct values are stored as codes: 600 bytes and a codebook, not 2,400 bytes.
        assert!(file.tensors.tensor("coded.codebook").is_ok());
        assert!(file.tensors.tensor("wide.codebook").is_err());
    }

    #[test]
    fn wrong_shapes_types_and_files_are_clear_errors() {
        let bytes = write(&tensors(), &BTreeMap::new()).unwrap();
        let file = read(&bytes).unwrap();
        let shape = file.f32s("wide", &[30, 20]).err().unwrap();
        assert_eq!(shape.code(), plagscope::ErrorCode::InvalidModel);
        assert!(shape.to_string().contains("wide"), "{shape}");
        assert!(file.u32s("bytes", &[2, 3]).is_err());
        assert!(file
            .bytes("missing", None)
            .err()
            .unwrap()
            .to_string()
            .contains("no tensor missing"));
        for bad in [&b""[..], b"not a model", &bytes[..bytes.len() / 2]] {
            assert_eq!(
                read(bad).err().unwrap().code(),
                plagscope::ErrorCode::InvalidModel
            );
        }
        let foreign = safetensors::serialize(Vec::<(String, TensorView)>::new(), None).unwrap();
        assert!(read(&foreign)
            .err()
            .unwrap()
            .to_string()
            .contains("names no plagscope model format"));
    }

    #[test]
    fn a_tensor_with_the_wrong_count_is_refused() {
        let bad = Tensor {
            name: "x".into(),
            shape: vec![4],
            values: Values::U8(vec![1]),
        };
        assert!(write(&[bad], &BTreeMap::new()).is_err());
    }
}
