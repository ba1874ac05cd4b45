//! A map of at most `max` keys that forgets the key used longest ago when a new one arrives:
//! the memory of a limiter stays bounded under a flood of new keys, and no key that is still
//! active is dropped for it (never everyone at once).

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

pub struct BoundedMap<K, V> {
    entries: HashMap<K, (V, u64)>,
    /// Keys by their last use, oldest first.
    by_age: BTreeMap<u64, K>,
    next_touch: u64,
    max: usize,
}

impl<K: Hash + Eq + Clone, V> BoundedMap<K, V> {
    pub fn new(max: usize) -> Self {
        BoundedMap { entries: HashMap::new(), by_age: BTreeMap::new(), next_touch: 0, max: max.max(1) }
    }

    /// The value of `key`, made by `make` when absent (forgetting the oldest key if full); the
    /// key becomes the newest.
    pub fn touch(&mut self, key: &K, make: impl FnOnce() -> V) -> &mut V {
        let touch = self.next_touch;
        self.next_touch += 1;
        if !self.entries.contains_key(key) && self.entries.len() >= self.max {
            if let Some((_, oldest)) = self.by_age.pop_first() {
                self.entries.remove(&oldest);
            }
        }
        let entry = self.entries.entry(key.clone()).or_insert_with(|| (make(), touch));
        self.by_age.remove(&entry.1);
        self.by_age.insert(touch, key.clone());
        entry.1 = touch;
        &mut entry.0
    }

    pub fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        self.entries.get_mut(key).map(|(value, _)| value)
    }

    pub fn remove(&mut self, key: &K) -> Option<V> {
        let (value, touch) = self.entries.remove(key)?;
        self.by_age.remove(&touch);
        Some(value)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_its_size_it_forgets_the_key_used_longest_ago_only() {
        let mut map = BoundedMap::new(2);
        *map.touch(&"ann", || 0) += 1;
        *map.touch(&"ben", || 0) += 1;
        *map.touch(&"ann", || 0) += 1;
        map.touch(&"cat", || 0);
        assert_eq!(map.len(), 2);
        assert_eq!(map.get_mut(&"ann").copied(), Some(2), "ann was used last and stays");
        assert_eq!(map.get_mut(&"ben"), None, "ben, the oldest, is forgotten");
        assert_eq!(map.remove(&"cat"), Some(0));
        assert_eq!(map.len(), 1);
    }
}
