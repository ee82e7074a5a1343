//! The decoder builds an instruction class's records only when it first
//! meets the class (the embedded rules are indexed by class at build time):
//! the candidates of any word, lazily found, are those of the whole table in
//! the same order, and the embedded rules are the same as the ones loaded
//! from the files themselves.

use xisa_sm75::rules::EMBEDDED;
use xisa_sm75::Rules;
use xisa_testkit::Rng;

#[test]
fn lazy_classes_give_the_whole_tables_candidates_in_order() {
    let lazy = Rules::embedded().expect("embedded rules");
    let eager = Rules::from_texts(EMBEDDED).expect("the embedded files");
    let all = eager.insts().expect("every record");
    assert!(all.len() > 1000, "{} records", all.len());
    let mut rng = Rng::new(0x5eed);
    // Every record's own fixed bits (each class at least once), then random
    // words with random opcodes and bit 91.
    let mut words: Vec<u128> = all
        .iter()
        .map(|r| r.value | (rng.next_u128() & !r.mask))
        .collect();
    words.extend((0..5000).map(|_| rng.next_u128()));
    for w in words {
        let got: Vec<&str> = lazy.candidates(w).map(|r| r.id.as_str()).collect();
        let want: Vec<&str> = all
            .iter()
            .filter(|r| w & r.mask == r.value)
            .map(|r| r.id.as_str())
            .collect();
        assert_eq!(got, want, "word {w:#034x}");
        assert_eq!(
            lazy.control_reject(w),
            eager.control_reject(w),
            "word {w:#034x}"
        );
    }
    assert_eq!(lazy.insts().expect("every record").len(), all.len());
}

#[test]
fn a_record_that_leaves_opcode_bits_open_is_refused() {
    let text = r#"{"format": "xisa-sm75-rules/1", "instructions": [
        {"id": "X:1", "mnemonic": "X", "signature": "", "match": [{"lo": 0, "hi": 8, "value": 1}],
         "fields": [], "template": "X ;"}]}"#;
    let e = Rules::from_texts(&[("x.json", text)]).unwrap_err();
    assert!(e.to_string().contains("opcode bits open"), "{e}");
}
