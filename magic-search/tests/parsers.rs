//! Every reader of user text answers with a value or an error, never a
//! panic: the data files, hunt and settle states, targets, shards and
//! schemes.

use magic_search::{
    parse_hunted_csv, parse_magics_csv, HuntState, HuntTarget, Scheme, SettleState, Settled, Shard,
};
use proptest::prelude::*;

/// Fields the files are made of, right and wrong.
const FIELDS: &[&str] = &[
    "rook",
    "bishop",
    "queen",
    "a1",
    "h8",
    "i9",
    "b8",
    "0",
    "57",
    "63",
    "64",
    "-1",
    "10",
    "12",
    "255",
    "256",
    "0x1",
    "0x",
    "0xffffffffffffffff",
    "0x10000000000000000",
    "-",
    "seed",
    "shard",
    "0/1",
    "3/2",
    "1/0",
    "entries 5",
    "#",
    "piece",
    "square",
    "bits",
    "magic",
    "offset",
    "part",
    "intervals",
    "",
    " ",
    "é",
    "18446744073709551616",
];

/// Lines of fields joined by commas, and now and then a header or a
/// `seed,` or `shard,` line.
fn text() -> impl Strategy<Value = String> {
    let field = proptest::sample::select(FIELDS);
    let line = prop_oneof![
        proptest::collection::vec(field, 0..7).prop_map(|f| f.join(",")),
        Just("piece,square,bits,magic".to_string()),
        Just("piece,square,magic,offset".to_string()),
        Just("piece,square,bits,part,magic,intervals".to_string()),
        proptest::sample::select(FIELDS).prop_map(|f| format!("seed,{f}")),
        proptest::sample::select(FIELDS).prop_map(|f| format!("shard,{f}")),
        ".*",
    ];
    proptest::collection::vec(line, 0..8).prop_map(|lines| lines.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x6d61_6769_6373),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn readers_answer_any_text(text in text()) {
        let _ = parse_magics_csv(&text);
        let _ = parse_hunted_csv(&text);
        let _ = HuntState::parse(&text);
        let _ = SettleState::parse(&text);
        for line in text.lines() {
            let _ = line.parse::<HuntTarget>();
            let _ = line.parse::<Shard>();
            let _ = line.parse::<Scheme>();
        }
    }

    /// A state file reads back as the state that wrote it.
    #[test]
    fn a_state_reads_back_as_written(seed: u64, index in 0u64..8, extra in 0u64..8, found: Option<u64>) {
        let shard = Shard { index, count: index + 1 + extra };
        let mut state = HuntState::sharded(seed, vec!["rook,b8,10".parse().unwrap()], shard);
        state.targets[0].found = found;
        prop_assert_eq!(HuntState::parse(&state.to_text()).unwrap(), state);
    }

    /// A settle state reads back as the state that wrote it, and merged
    /// with itself is itself.
    #[test]
    fn a_settle_state_reads_back_as_written(
        parts in proptest::collection::vec((0u64..4096, proptest::option::of(any::<u64>()), any::<u64>()), 0..20),
        low in proptest::collection::vec((0u64..300, 299u64..301, proptest::option::of(any::<u64>()), any::<u64>()), 0..20),
    ) {
        let target: HuntTarget = "rook,c1,10".parse().unwrap();
        let mut state = SettleState::default();
        for (part, magic, nodes) in parts {
            // A part drawn twice with another magic is refused, and the
            // first kept.
            let _ = state.record(target, part, Settled { magic, nodes });
        }
        // Parts of the walk from the lowest bits, some drawn twice with
        // another magic or another number of parts, refused so.
        for (part, of, magic, nodes) in low {
            let _ = state.record_low(target, part.min(of - 1), of, Settled { magic, nodes });
        }
        prop_assert_eq!(&SettleState::parse(&state.to_text()).unwrap(), &state);
        prop_assert_eq!(&SettleState::merge(&[state.clone(), state.clone()]).unwrap(), &state);
    }
}
