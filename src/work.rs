//! Work spread over the machine's cores.

/// `f` of each item (with its index), on up to `threads` threads that take
/// the next item as each is done; the results in the items' order, `None`
/// for one whose thread panicked.
pub fn on_all_cores<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(usize, &T) -> R + Sync,
) -> Vec<Option<R>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let chunks: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.min(items.len()))
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        done.push((i, f(i, item)));
                    }
                    done
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    for chunk in chunks {
        for (i, r) in chunk {
            results[i] = Some(r);
        }
    }
    results
}

/// The number of threads the machine runs at once (1 when it cannot be
/// told), asked once in a process: on Linux each asking reads the
/// process's cgroup files.
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_items_order() {
        let items: Vec<usize> = (0..100).collect();
        let out = super::on_all_cores(&items, 4, |i, x| i * 1000 + x * 2);
        let expect: Vec<Option<usize>> = (0..100).map(|i| Some(i * 1000 + i * 2)).collect();
        assert_eq!(out, expect);
    }
}
