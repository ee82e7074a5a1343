//! Developer tool (ignored test): decode the words listed in the file named
//! by `XISA_WORDS` (one `PC WORD` hex pair per line) with the rules in
//! `XISA_RULES_DIR` (default: embedded) and print `PC<TAB>RULE<TAB>TEXT`
//! (or `PC<TAB>!<TAB>error`) per line to `XISA_OUT`.  Used while writing
//! rules: run the test binary with `--ignored --nocapture`.

use std::io::Write;

use xisa_sm75::Rules;

#[test]
#[ignore]
fn decode_words() {
    let Ok(path) = std::env::var("XISA_WORDS") else {
        return;
    };
    let rules = match std::env::var("XISA_RULES_DIR") {
        Ok(d) => Rules::from_dir(std::path::Path::new(&d)).unwrap(),
        Err(_) => Rules::embedded().unwrap(),
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = std::fs::File::create(std::env::var("XISA_OUT").unwrap()).unwrap();
    for l in text.lines() {
        let mut it = l.split_whitespace();
        let (Some(pc), Some(w)) = (it.next(), it.next()) else {
            continue;
        };
        let pc = u64::from_str_radix(pc, 16).unwrap();
        let w = u128::from_str_radix(w.trim_start_matches("0x"), 16).unwrap();
        match rules.decode(w, pc) {
            Ok(d) => writeln!(out, "{pc:x}\t{}\t{}", d.rule, d.text).unwrap(),
            Err(e) => writeln!(out, "{pc:x}\t!\t{e}").unwrap(),
        }
    }
}
