//! A map of open ids that forgets its oldest entries beyond [`REMEMBERED`]:
//! what a reader of a session keeps of requests still waiting for their
//! answers, so memory stays flat however long the session is.

use std::collections::{HashMap, VecDeque};

/// How many open requests of each kind a reader remembers.
pub(crate) const REMEMBERED: usize = 4096;

#[derive(Debug)]
pub(crate) struct Bounded<V> {
    map: HashMap<String, V>,
    order: VecDeque<String>,
}

impl<V> Default for Bounded<V> {
    fn default() -> Self {
        Bounded {
            map: HashMap::new(),
            order: VecDeque::new(),
        }
    }
}

impl<V> Bounded<V> {
    pub(crate) fn insert(&mut self, key: String, value: V) {
        if self.map.insert(key.clone(), value).is_none() {
            self.order.push_back(key);
        }
        while self.map.len() > REMEMBERED {
            match self.order.pop_front() {
                Some(old) => {
                    self.map.remove(&old);
                }
                None => break,
            }
        }
        // Keys removed by their answers leave the order behind them.
        if self.order.len() > 2 * REMEMBERED {
            let map = &self.map;
            self.order.retain(|k| map.contains_key(k));
        }
    }

    pub(crate) fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        self.map.get_mut(key)
    }

    pub(crate) fn remove(&mut self, key: &str) -> Option<V> {
        self.map.remove(key)
    }

    pub(crate) fn contains_key(&self, key: &str) -> bool {
        self.map.contains_key(key)
    }

    pub(crate) fn clear(&mut self) {
        self.map.clear();
        self.order.clear();
    }

    /// Empties the map, oldest entry first.
    pub(crate) fn drain(&mut self) -> Vec<(String, V)> {
        let mut out = Vec::with_capacity(self.map.len());
        for key in std::mem::take(&mut self.order) {
            if let Some(v) = self.map.remove(&key) {
                out.push((key, v));
            }
        }
        out
    }
}
