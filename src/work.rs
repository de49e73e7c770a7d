//! Work spread over the machine's cores.

/// `f` of each item (with its index), on up to `threads` threads that take
/// the next item as each is done, the calling thread one of them (so one
/// item, or one thread, spawns none); the results in the items' order,
/// `None` for one whose thread panicked.
pub fn on_all_cores<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(usize, &T) -> R + Sync,
) -> Vec<Option<R>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            done.push((i, f(i, item)));
        }
        done
    };
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let chunks: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (1..threads.min(items.len()))
            .map(|_| s.spawn(work))
            .collect();
        // A panic here is this thread's, as a spawned one's is its own:
        // its items are `None`, the others' stand.
        let here = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        std::iter::once(here.unwrap_or_default())
            .chain(handles.into_iter().map(|h| h.join().unwrap_or_default()))
            .collect()
    });
    for chunk in chunks {
        for (i, r) in chunk {
            results[i] = Some(r);
        }
    }
    results
}

/// `f` of runs of consecutive items out of `len`, on all cores, for work
/// in which neighbours share what they look up (the files of a folder):
/// a few runs per core, each of at least 256 items. Each run's items, and
/// what `f` made of them (`None` when its thread panicked).
pub fn on_runs<R: Send>(
    len: usize,
    f: impl Fn(std::ops::Range<usize>) -> R + Sync,
) -> Vec<(std::ops::Range<usize>, Option<R>)> {
    let run = len.div_ceil(cores() * 4).max(256);
    let runs: Vec<std::ops::Range<usize>> = (0..len)
        .step_by(run)
        .map(|start| start..(start + run).min(len))
        .collect();
    let made = on_all_cores(&runs, cores(), |_, r| f(r.clone()));
    runs.into_iter().zip(made).collect()
}

/// What is told of each (folder, kind) met in a run of files, kept while
/// the run stays in the folder: the files of a folder come together, in
/// whatever mix of kinds (languages) they are.
#[cfg(feature = "source")]
pub(crate) struct InFolder<K, V> {
    dir: std::path::PathBuf,
    told: Vec<(K, V)>,
}

#[cfg(feature = "source")]
impl<K: PartialEq, V> Default for InFolder<K, V> {
    fn default() -> Self {
        InFolder {
            dir: std::path::PathBuf::new(),
            told: Vec::new(),
        }
    }
}

#[cfg(feature = "source")]
impl<K: PartialEq, V> InFolder<K, V> {
    /// What was told of `kind` in `dir`, or `tell()` of it.
    pub(crate) fn get(&mut self, dir: &std::path::Path, kind: K, tell: impl FnOnce() -> V) -> &V {
        // Compared as bytes, not part by part: a name written otherwise
        // is only told again, as another folder would be.
        if self.dir.as_os_str() != dir.as_os_str() {
            self.dir = dir.to_path_buf();
            self.told.clear();
        }
        let at = match self.told.iter().position(|(k, _)| *k == kind) {
            Some(at) => at,
            None => {
                self.told.push((kind, tell()));
                self.told.len() - 1
            }
        };
        &self.told[at].1
    }
}

/// The number of threads the machine runs at once (1 when it cannot be
/// told), asked once in a process: on Linux each asking reads the
/// process's cgroup files.
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The extension of `path` when it is UTF-8, as
/// [`std::path::Path::extension`] tells it, found in its bytes: the part
/// of its last name after the last `.`, unless that name starts with its
/// only `.`. A name that ends in a separator, `.` or `..` is asked of the
/// standard library, which reads the path part by part (a walk asks this
/// of every name it meets, several times).
pub fn extension(path: &std::path::Path) -> Option<&str> {
    let bytes = path.as_os_str().as_encoded_bytes();
    let start = bytes
        .iter()
        .rposition(|&b| std::path::is_separator(char::from(b)))
        .map_or(0, |i| i + 1);
    let name = &bytes[start..];
    let found = if matches!(name, b"" | b"." | b"..") {
        path.extension().and_then(|e| e.to_str())
    } else {
        match name.iter().rposition(|&b| b == b'.') {
            Some(dot) if dot > 0 => std::str::from_utf8(&name[dot + 1..]).ok(),
            _ => None,
        }
    };
    debug_assert_eq!(
        found,
        path.extension().and_then(|e| e.to_str()),
        "{}",
        path.display()
    );
    found
}

/// The folder that holds `path`, as [`std::path::Path::parent`] tells it,
/// cut from its bytes at its last separator when its last two names are
/// plain (neither empty, `.` nor `..`, as in a name the walk or an index
/// made); asked of the standard library otherwise, and on Windows.
pub fn parent(path: &std::path::Path) -> Option<&std::path::Path> {
    #[cfg(unix)]
    let found = {
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        let plain = |name: &[u8]| !matches!(name, b"" | b"." | b"..");
        let cut = bytes.iter().rposition(|&b| b == b'/').and_then(|sep| {
            let before = &bytes[..sep];
            let above = before.iter().rposition(|&b| b == b'/').map_or(0, |i| i + 1);
            (plain(&bytes[sep + 1..]) && (sep == 0 || plain(&before[above..])))
                .then_some(sep.max(1))
        });
        match cut {
            Some(at) => Some(std::path::Path::new(std::ffi::OsStr::from_bytes(
                &bytes[..at],
            ))),
            None => path.parent(),
        }
    };
    #[cfg(not(unix))]
    let found = path.parent();
    debug_assert_eq!(found, path.parent(), "{}", path.display());
    found
}

/// Whether `bytes` are names joined by `/`: no empty, `.` or `..` part,
/// so no separator at either end. (On Windows, where `\` separates
/// too, none are.)
pub(crate) fn plain_names(bytes: &[u8]) -> bool {
    cfg!(unix)
        && !bytes.is_empty()
        && bytes
            .split(|&c| c == b'/')
            .all(|part| !matches!(part, b"" | b"." | b".."))
}

/// Whether `p` is absolute and names only after its root (no empty, `.`
/// or `..` part): [`std::path::absolute`] would give it back as it is.
pub fn plain_absolute(p: &std::path::Path) -> bool {
    let b = p.as_os_str().as_encoded_bytes();
    cfg!(unix) && b.first() == Some(&b'/') && plain_names(&b[1..])
}

/// `cwd` (absolute, as the working directory is) joined with the
/// relative name `p` when `p` is names only, after a leading `./`
/// (`src/a.ts`, `./src/a.ts` from a walk of `.`): that join needs no
/// rebuilding part by part. `None` for any other name.
pub fn join_plain(cwd: &std::path::Path, p: &std::path::Path) -> Option<std::path::PathBuf> {
    let names = p.strip_prefix(".").unwrap_or(p);
    plain_names(names.as_os_str().as_encoded_bytes()).then(|| cwd.join(names))
}

/// `a.cmp(b)`, paths in the order of their components, told from their
/// bytes: the parts before the component in which they first differ are
/// the same components in both, so that component decides. Sorting the
/// many paths of a walk compares them pair by pair, and [`Path::cmp`]
/// reads each pair as components from the start; here the shared start
/// is passed over as bytes. A difference at a special component (`.`,
/// `..`, an empty one, the first) is left to [`Path::cmp`].
///
/// [`Path::cmp`]: std::path::Path::cmp
pub fn path_order(a: &std::path::Path, b: &std::path::Path) -> std::cmp::Ordering {
    let (x, y) = (
        a.as_os_str().as_encoded_bytes(),
        b.as_os_str().as_encoded_bytes(),
    );
    let at = mismatch(x, y);
    let start = x[..at]
        .iter()
        .rposition(|&c| c == b'/')
        .map_or(0, |p| p + 1);
    // Most often they differ within a component on both sides, past a
    // byte that is not a dot (so neither component is `.` or `..`): the
    // components compare as the bytes at which they differ do.
    if cfg!(unix)
        && start > 0
        && let (Some(&p), Some(&q)) = (x.get(at), y.get(at))
        && p != b'/'
        && q != b'/'
        && x[start..at].iter().any(|&c| c != b'.')
    {
        return p.cmp(&q);
    }
    let component = |s: &[u8]| {
        let rest = &s[start..];
        rest.split(|&c| c == b'/').next().unwrap_or_default().len()
    };
    let (p, q) = (
        &x[start..start + component(x)],
        &y[start..start + component(y)],
    );
    let special = |c: &[u8]| matches!(c, b"" | b"." | b"..");
    if cfg!(unix) && start > 0 && p != q && !special(p) && !special(q) {
        return p.cmp(q);
    }
    a.cmp(b)
}

/// Where `x` and `y` first differ (the shorter's length when one starts
/// the other), eight bytes at a time.
fn mismatch(x: &[u8], y: &[u8]) -> usize {
    let n = x.len().min(y.len());
    let mut at = x[..n]
        .chunks_exact(8)
        .zip(y[..n].chunks_exact(8))
        .take_while(|(p, q)| p == q)
        .count()
        * 8;
    while at < n && x[at] == y[at] {
        at += 1;
    }
    at
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

    #[test]
    fn a_panic_is_kept_to_the_items_of_its_thread() {
        let items: Vec<usize> = (0..10).collect();
        let f = |_: usize, &x: &usize| {
            assert_ne!(x, 3, "an item that fails");
            x
        };
        // One thread, the caller: the panic is caught, every item is lost.
        assert_eq!(super::on_all_cores(&items, 1, f), vec![None; 10]);
        // Without the failing item, nothing is lost.
        let out = super::on_all_cores(&items[4..], 3, f);
        assert_eq!(out, (4..10).map(Some).collect::<Vec<_>>());
    }

    #[test]
    fn runs_cover_the_items_in_order_once() {
        for len in [0, 1, 255, 256, 257, 5000] {
            let out = super::on_runs(len, |run| run.len());
            let covered: Vec<usize> = out.iter().flat_map(|(r, _)| r.clone()).collect();
            assert_eq!(covered, (0..len).collect::<Vec<_>>());
            assert!(
                out.iter()
                    .all(|(r, n)| *n == Some(r.len()) && !r.is_empty())
            );
        }
    }

    #[test]
    fn paths_are_ordered_as_path_orders_them() {
        use std::path::PathBuf;
        // Every path of up to four parts from a few names that sort on
        // either side of `/` and of each other, special parts included,
        // relative, absolute and from `./`.
        let names = [
            "a", "a-b", "a.b", "ab", "b", ".", "..", "", "A", "a b", "a/",
        ];
        let mut paths: Vec<PathBuf> = Vec::new();
        let mut parts: Vec<Vec<&str>> = vec![vec![]];
        for _ in 0..3 {
            let mut longer = Vec::new();
            for p in &parts {
                for n in names {
                    let mut q = p.clone();
                    q.push(n);
                    longer.push(q);
                }
            }
            parts.extend(longer);
            parts.dedup();
        }
        for p in &parts {
            let joined = p.join("/");
            for lead in ["", "/", "./", "/x/"] {
                paths.push(PathBuf::from(format!("{lead}{joined}")));
            }
        }
        let mut checked = 0;
        for a in &paths {
            for b in paths.iter().step_by(7) {
                assert_eq!(
                    super::path_order(a, b),
                    a.cmp(b),
                    "{} against {}",
                    a.display(),
                    b.display()
                );
                checked += 1;
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// `extension` and `parent`, read from the bytes, tell what the
    /// standard library tells, for names of every shape: hidden files,
    /// dots and separators doubled or at either end, `.` and `..`.
    #[test]
    fn extension_and_parent_are_the_standard_ones() {
        use std::path::Path;
        let names = [
            "", "/", "a", "a.ts", ".ts", "..ts", "a.", "a.b.py", ".a.b", "é.ts", "a b.go",
        ];
        let mut checked = 0;
        for lead in ["", "/", "./", "../", "//", "/x/", "x//", "/x/./", "x/../"] {
            for name in names {
                for tail in ["", "/", "/.", "/..", "//"] {
                    let text = format!("{lead}{name}{tail}");
                    let p = Path::new(&text);
                    assert_eq!(
                        super::extension(p),
                        p.extension().and_then(|e| e.to_str()),
                        "{text:?}"
                    );
                    assert_eq!(super::parent(p), p.parent(), "{text:?}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 9 * 11 * 5);
    }
}
