//! The built-in variants: the files `spec/<id>.toml`, compiled in.
//!
//! `cargo xtask spec-check` verifies that this list and the directory agree.

/// `(id, text)` of every built-in file, sorted by id.
pub(crate) const BUILTIN_FILES: &[(&str, &str)] = &[
    ("aga", include_str!("../../../spec/aga.toml")),
    (
        "chinese-1988",
        include_str!("../../../spec/chinese-1988.toml"),
    ),
    (
        "chinese-kgs",
        include_str!("../../../spec/chinese-kgs.toml"),
    ),
    ("egf-sir", include_str!("../../../spec/egf-sir.toml")),
    ("ing-1996", include_str!("../../../spec/ing-1996.toml")),
    ("ing-aga", include_str!("../../../spec/ing-aga.toml")),
    (
        "japanese-1989",
        include_str!("../../../spec/japanese-1989.toml"),
    ),
    ("korean", include_str!("../../../spec/korean.toml")),
    (
        "new-zealand",
        include_str!("../../../spec/new-zealand.toml"),
    ),
    (
        "rfg-2010-area",
        include_str!("../../../spec/rfg-2010-area.toml"),
    ),
    (
        "rfg-2010-territory",
        include_str!("../../../spec/rfg-2010-territory.toml"),
    ),
    (
        "tromp-taylor",
        include_str!("../../../spec/tromp-taylor.toml"),
    ),
];
