//! The compiled-code cache: keyed by (ISA, code hash, kernel, specialization), so
//! a second launch of the same kernel compiles nothing.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use dashmap::DashMap;

/// What identifies one compiled kernel.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CacheKey {
    /// Source ISA (`ir`, `sm75`, `gfx942`, ...).
    pub isa: String,
    /// Hash of the module's code.
    pub code_hash: u64,
    /// Kernel name.
    pub kernel: String,
    /// Specialization bits (engine options that change the generated code).
    pub spec: u64,
}

/// Hashes bytes (or anything hashable) into a code hash. Stable within one build.
pub fn code_hash<T: Hash + ?Sized>(v: &T) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// A concurrent cache of compiled code with hit/compile counters.
pub struct CodeCache<V> {
    map: DashMap<CacheKey, Arc<V>>,
    compiles: AtomicU64,
    hits: AtomicU64,
}

impl<V> Default for CodeCache<V> {
    fn default() -> Self {
        CodeCache {
            map: DashMap::new(),
            compiles: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        }
    }
}

impl<V> CodeCache<V> {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The cached value for `key`, compiling it with `compile` on a miss. Two
    /// threads missing at once may both compile; one result wins.
    pub fn get_or_compile<E>(
        &self,
        key: CacheKey,
        compile: impl FnOnce() -> Result<V, E>,
    ) -> Result<Arc<V>, E> {
        if let Some(v) = self.map.get(&key) {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return Ok(v.clone());
        }
        let v = Arc::new(compile()?);
        self.compiles.fetch_add(1, Ordering::Relaxed);
        Ok(self.map.entry(key).or_insert(v).clone())
    }

    /// Number of compilations so far.
    pub fn compiles(&self) -> u64 {
        self.compiles.load(Ordering::Relaxed)
    }

    /// Number of cache hits so far.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// Number of cached entries.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True when nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_lookup_compiles_nothing() {
        let c: CodeCache<u32> = CodeCache::new();
        let key = CacheKey {
            isa: "ir".into(),
            code_hash: 1,
            kernel: "k".into(),
            spec: 0,
        };
        let a = c.get_or_compile::<()>(key.clone(), || Ok(7)).unwrap();
        let b = c
            .get_or_compile::<()>(key, || panic!("must not compile again"))
            .unwrap();
        assert_eq!((*a, *b), (7, 7));
        assert_eq!((c.compiles(), c.hits()), (1, 1));
    }
}
