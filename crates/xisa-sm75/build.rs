//! Embeds the rules files and indexes them by instruction class at build
//! time (`rules_index`), so that the decoder builds a class's records only
//! when it first meets the class instead of parsing 4 MB of tables at start.

use std::fmt::Write;
use std::path::Path;

#[path = "src/rules_index.rs"]
#[allow(dead_code)]
mod rules_index;

/// The embedded files, in the order the decoder tries their records
/// (hand-derived tier-0 files first; ties keep this order).
const FILES: [&str; 5] = [
    "atomg.json",
    "suatom.json",
    "ops.json",
    "common.json",
    "isa.json",
];

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../translation-rules/sm75");
    let mut out = String::from(
        "/// The rules files compiled into the binary (`translation-rules/sm75/*.json`).\n\
         pub const EMBEDDED: &[(&str, &str)] = &[\n",
    );
    for f in FILES {
        let path = dir.join(f);
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            out,
            "    ({f:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str(
        "];\n\n/// One index entry: class, start, end, control (see `rules_index::Entry`).\n\
         type IndexEntry = (u16, u32, u32, bool);\n\n\
         /// Per embedded file, in [`EMBEDDED`] order: its tier and its entries.\n\
         pub(crate) const EMBEDDED_INDEX: &[(u32, &[IndexEntry])] = &[\n",
    );
    for f in FILES {
        let text = std::fs::read_to_string(dir.join(f))
            .unwrap_or_else(|e| panic!("translation-rules/sm75/{f}: {e}"));
        let (tier, entries) =
            rules_index::index(&text).unwrap_or_else(|e| panic!("translation-rules/sm75/{f}: {e}"));
        write!(out, "    ({tier}, &[").unwrap();
        for e in entries {
            write!(out, "({}, {}, {}, {}),", e.class, e.start, e.end, e.control).unwrap();
        }
        out.push_str("]),\n");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("embedded_rules.rs");
    std::fs::write(dest, out).unwrap();
}
