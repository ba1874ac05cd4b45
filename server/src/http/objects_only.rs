//! A request body that is a record must be a JSON object. serde reads a struct from a JSON array
//! too (its fields by position), so `[1, "x"]` would pass for `{"id": 1, "remark": "x"}`; this
//! deserializer reads the top-level struct only from an object. Lists (`Vec<T>` bodies) and every
//! other type read as before.

use serde::de::{DeserializeSeed, Deserializer, Visitor};

pub struct ObjectsOnly<D>(pub D);

/// Forwards each `deserialize_*` to the wrapped deserializer.
macro_rules! forward {
    ($($method:ident),* $(,)?) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
            self.0.$method(visitor)
        })*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for ObjectsOnly<D> {
    type Error = D::Error;

    forward!(
        deserialize_any,
        deserialize_bool,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_i128,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_u128,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_str,
        deserialize_string,
        deserialize_bytes,
        deserialize_byte_buf,
        deserialize_option,
        deserialize_unit,
        deserialize_seq,
        deserialize_map,
        deserialize_identifier,
        deserialize_ignored_any,
    );

    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_unit_struct(name, visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_newtype_struct(name, visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_tuple(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(self, name: &'static str, len: usize, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_tuple_struct(name, len, visitor)
    }

    /// The one change: a struct is read as a map, so an array is "invalid type: sequence".
    fn deserialize_struct<V: Visitor<'de>>(self, _name: &'static str, _fields: &'static [&'static str], visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(self, name: &'static str, variants: &'static [&'static str], visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_enum(name, variants, visitor)
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// Deserializes `T` from `deserializer`, requiring an object where `T` is a struct.
pub fn deserialize<'de, T: serde::Deserialize<'de>, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    std::marker::PhantomData::<T>.deserialize(ObjectsOnly(deserializer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, serde::Deserialize)]
    struct Decision {
        id: u64,
        remark: Option<String>,
    }

    fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
        deserialize(&mut serde_json::Deserializer::from_str(text))
    }

    #[test]
    fn a_record_body_must_be_an_object() {
        assert_eq!(parse::<Decision>(r#"{"id": 1, "remark": "ok"}"#).expect("an object"), Decision { id: 1, remark: Some("ok".into()) });
        let refused = parse::<Decision>(r#"[1, "ok"]"#).expect_err("an array is not a record");
        assert!(refused.to_string().contains("invalid type: sequence"), "{refused}");
    }

    #[test]
    fn lists_and_plain_values_read_as_before() {
        assert_eq!(parse::<Vec<u32>>("[1, 2]").expect("a list"), vec![1, 2]);
        assert_eq!(parse::<Option<String>>("null").expect("null"), None);
        assert_eq!(parse::<Vec<Decision>>(r#"[{"id": 2, "remark": null}]"#).expect("a list of objects"), vec![Decision { id: 2, remark: None }]);
    }
}
