//! "Did you mean": the one place that decides when a name is close enough to
//! another to be a typo of it.

/// The candidate closest to `name` by edit distance, when it is within two
/// edits or a quarter of its own length, whichever is more; `name` itself is
/// never suggested. Ties go to the name that sorts first, so the answer does
/// not depend on the order of the candidates.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, c)| *d <= 2.max(c.chars().count() / 4))
        .min()
        .map(|(_, c)| c)
}

/// Levenshtein distance over characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_suggested_and_far_ones_are_not() {
        assert_eq!(nearest("titel", ["title", "type"]), Some("title"));
        assert_eq!(
            nearest("maxItem", ["maxItems", "minItems"]),
            Some("maxItems")
        );
        assert_eq!(nearest("zzzz", ["title", "type"]), None);
        assert_eq!(nearest("title", ["title"]), None);
        // A long name allows more edits: a quarter of its length.
        assert_eq!(
            nearest("enum-nams-deprecatd", ["enum-names-deprecated"]),
            Some("enum-names-deprecated")
        );
        // Ties go to the name that sorts first, whatever the order given.
        assert_eq!(nearest("ab", ["ac", "aa"]), Some("aa"));
        assert_eq!(nearest("ab", ["aa", "ac"]), Some("aa"));
    }

    #[test]
    fn distance_counts_characters_not_bytes() {
        assert_eq!(edit_distance("café", "cafe"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
