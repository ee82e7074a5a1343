//! The decoder's reading of an instruction's text (`Decoded::syntax`), which
//! the lifter reads instead of bit positions: on every instruction of every
//! committed cubin, the head and the printed operands put back together are
//! the listing's text, and every field that prints something belongs to
//! the head or to exactly one operand.

use xisa_sm75::rules::Piece;
use xisa_sm75::{decode_word, loader, word_from_bytes, Rules};

/// How many times the template of rule `id` (matching `w`) prints field
/// `name`.
fn printed_by_template(rules: &Rules, w: u128, id: &str, name: &str) -> usize {
    let Some(r) = rules.candidates(w).find(|r| r.id == id) else {
        return 0;
    };
    let Some(i) = r.fields.iter().position(|f| f.name == name) else {
        return 0;
    };
    r.template
        .iter()
        .filter(|p| match p {
            Piece::Field { index } => index == &i,
            Piece::Addr {
                base,
                size,
                ur,
                imm,
            } => [Some(*base), *size, *ur, *imm].contains(&Some(i)),
            Piece::Merge { fields, .. } => fields.contains(&i),
            Piece::Lit(_) => false,
        })
        .count()
}

mod common;
use common::{committed_cubins, repo_root};

#[test]
fn heads_and_operands_rebuild_every_committed_instruction() {
    let files = committed_cubins();
    assert!(files.len() >= 60, "expected the committed cubins");
    let rules = Rules::embedded().unwrap();
    let mut n = 0usize;
    for f in &files {
        let bytes = std::fs::read(repo_root().join(f)).unwrap();
        let c = loader::load(&bytes).unwrap();
        for k in &c.kernels {
            for (i, ch) in k.code.chunks_exact(16).enumerate() {
                let pc = i as u64 * 16;
                let w = word_from_bytes(ch).unwrap();
                let Ok(d) = decode_word(w, pc) else { continue };
                n += 1;
                let s = &d.syntax;
                // The text without its guard and the final ` ;`.
                let body = d.text.trim_end().trim_end_matches(';').trim_end();
                let body = match body.strip_prefix('@') {
                    Some(b) => b.split_once(' ').map_or(b, |(_, r)| r),
                    None => body,
                };
                let ops: Vec<&str> = s
                    .slots
                    .iter()
                    .map(|p| p.text.as_str())
                    .filter(|t| !t.is_empty())
                    .collect();
                let rebuilt = if ops.is_empty() {
                    s.head.text.clone()
                } else {
                    format!("{} {}", s.head.text, ops.join(", "))
                };
                let squash = |t: &str| t.split_whitespace().collect::<String>();
                assert_eq!(
                    squash(&rebuilt),
                    squash(body),
                    "{f} {} pc {pc:#x}: {:?}",
                    k.name,
                    d.syntax
                );
                for (j, fv) in d.fields.iter().enumerate() {
                    if fv.neutral
                        || fv.reuse_only
                        || fv.name == "uguard"
                        || fv.name.starts_with("rsv")
                    {
                        continue;
                    }
                    let owners = std::iter::once(&s.head)
                        .chain(&s.slots)
                        .filter(|p| p.fields.contains(&j))
                        .count();
                    // (a positional record may hold a field its template
                    // does not print: another field prints the operand; BAR.SYNC's
                    // register prints as both id and count)
                    let printed = printed_by_template(&rules, w, &d.rule, &fv.name);
                    assert!(
                        owners == printed,
                        "{f} {} pc {pc:#x} `{}`: field {} printed in {owners} places",
                        k.name,
                        d.text,
                        fv.name
                    );
                }
            }
        }
    }
    assert!(n > 50_000, "only {n} instructions decoded");
}
