//! `magic-search report`: table sizes beside the records, and a picture of
//! the index bits per square.

use magic_search::{
    dense_fancy_set, named_set, repacked_black_set, repacked_fixed_shift_set, shipped_set,
    square_name, MagicSet, Piece, Scheme,
};
use std::fmt::Write as _;
use std::path::Path;

/// The records of the chess programming literature (entries of `u64`), as
/// gathered in the project's anchors: what each layout is measured against.
const RECORDS: &[(&str, usize, &str)] = &[
    ("fancy", 107_648, "fancy, bits = popcount(mask)"),
    (
        "dense fancy",
        92_864,
        "fancy, best known magics (CPW \"Best Magics so far\")",
    ),
    (
        "best fancy",
        92_864,
        "fancy, best known magics (CPW \"Best Magics so far\")",
    ),
    (
        "best shared",
        51_200,
        "shared, Hansen's estimate (\"~400K Byte\")",
    ),
    (
        "fixed_shift",
        88_772,
        "fixed-shift magics, overlapping (Annuss)",
    ),
    (
        "fixed_shift repacked",
        88_772,
        "fixed-shift magics, overlapping (Annuss)",
    ),
    (
        "black",
        87_988,
        "black magics, overlapping (Annuss, Fiekas)",
    ),
    (
        "black repacked",
        87_988,
        "black magics, overlapping (Annuss, Fiekas)",
    ),
    (
        "byte_lookup",
        6_328,
        "distinct attack sets, the floor for u64 entries",
    ),
    (
        "best byte_lookup",
        6_328,
        "distinct attack sets, the floor for u64 entries",
    ),
];

/// The table, and with `svg_dir` the two pictures written there: a
/// command that prints writes no file unless asked to.
pub fn report(svg_dir: Option<&Path>) -> Result<String, String> {
    let dense = dense_fancy_set();
    let mut out = String::from(
        "| scheme | entries | KiB | record | record entries |\n|---|---:|---:|---|---:|\n",
    );
    let mut rows: Vec<(String, MagicSet)> = Scheme::ALL
        .into_iter()
        .map(|s| (s.name().to_string(), shipped_set(s)))
        .collect();
    let best = |scheme| named_set("best", scheme).expect("the best set suits it");
    let best_fancy = best(Scheme::Fancy);
    let after = [
        ("fancy", "dense fancy", dense.clone()),
        ("dense fancy", "best fancy", best_fancy.clone()),
        ("shared", "best shared", best(Scheme::Shared)),
        (
            "fixed_shift",
            "fixed_shift repacked",
            repacked_fixed_shift_set(),
        ),
        ("black", "black repacked", repacked_black_set()),
        ("byte_lookup", "best byte_lookup", best(Scheme::ByteLookup)),
    ];
    for (before, name, set) in after {
        let at = rows
            .iter()
            .position(|(row, _)| row == before)
            .expect("every row is there");
        rows.insert(at + 1, (name.to_string(), set));
    }
    for (name, set) in &rows {
        let record = RECORDS.iter().find(|r| r.0 == name);
        let entries = match set.scheme {
            Scheme::ByteLookup => format!("{} u8 + 6,328 u64", thousands(set.len)),
            Scheme::PextPdep => format!("{} u16", thousands(set.len)),
            Scheme::Hyperbola => "none".to_string(),
            _ => format!("{} u64", thousands(set.len)),
        };
        writeln!(
            out,
            "| {name} | {entries} | {:.1} | {} | {} |",
            set.table_bytes() as f64 / 1024.0,
            record.map_or("", |r| r.2),
            record.map_or(String::new(), |r| thousands(r.1)),
        )
        .unwrap();
    }
    let Some(svg_dir) = svg_dir else {
        return Ok(out);
    };
    std::fs::create_dir_all(svg_dir)
        .map_err(|e| format!("cannot create {}: {e}", svg_dir.display()))?;
    let fancy = shipped_set(Scheme::Fancy);
    for (p, piece) in Piece::ALL.into_iter().enumerate() {
        let path = svg_dir.join(format!("bits-{}.svg", piece.name()));
        let boards = [
            ("default bits", &fancy.bits[p]),
            ("dense set", &dense.bits[p]),
            ("best known", &best_fancy.bits[p]),
        ];
        let svg = boards_svg(piece, &boards);
        std::fs::write(&path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        writeln!(out, "\nwrote {}", path.display()).unwrap();
    }
    Ok(out)
}

/// `107648` as `107,648`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

const SQUARE: usize = 44;
const MARGIN: usize = 28;
const GAP: usize = 48;

/// Boards side by side, the default bits first, each square coloured by
/// its index bits with the number in it, and outlined where it has fewer
/// bits than on the first board.
fn boards_svg(piece: Piece, boards: &[(&str, &[u8; 64])]) -> String {
    let board = 8 * SQUARE;
    let n = boards.len();
    let (width, height) = (
        n * (MARGIN + board) + (n - 1) * GAP,
        MARGIN + board + 2 * MARGIN,
    );
    let default = boards[0].1;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    );
    let entries = |bits: &[u8; 64]| bits.iter().map(|&b| 1usize << b).sum::<usize>();
    for (i, &(title, bits)) in boards.iter().enumerate() {
        let x0 = MARGIN + i * (MARGIN + board + GAP);
        let caption = format!(
            "{} {title}: {} entries",
            piece.name(),
            thousands(entries(bits))
        );
        writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\">{caption}</text>",
            x0 + board / 2,
            MARGIN - 10
        )
        .unwrap();
        // Outlines go on top, so that no neighbour's edge covers them.
        let mut outlines = String::new();
        for sq in 0..64 {
            let (file, rank) = (sq % 8, sq / 8);
            let (x, y) = (x0 + file * SQUARE, MARGIN + (7 - rank) * SQUARE);
            let b = bits[sq];
            let saved = b < default[sq];
            writeln!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{}\" stroke=\"white\"><title>{} {b} bits</title></rect>\n\
                 <text x=\"{}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\" fill=\"{}\"{}>{b}</text>",
                colour(b),
                square_name(sq),
                x + SQUARE / 2,
                y + SQUARE / 2 + 6,
                if b >= 10 { "white" } else { "black" },
                if saved { " font-weight=\"bold\"" } else { "" },
            )
            .unwrap();
            if saved {
                writeln!(
                    outlines,
                    "<path d=\"M{} {}h{}v{}h-{}z\" fill=\"none\" stroke=\"black\" stroke-width=\"3\"/>",
                    x + 2,
                    y + 2,
                    SQUARE - 4,
                    SQUARE - 4,
                    SQUARE - 4
                )
                .unwrap();
            }
        }
        svg.push_str(&outlines);
        for i in 0..8 {
            writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n\
                 <text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
                x0 + i * SQUARE + SQUARE / 2,
                MARGIN + board + 16,
                (b'a' + i as u8) as char,
                x0 - 10,
                MARGIN + (7 - i) * SQUARE + SQUARE / 2 + 4,
                i + 1
            )
            .unwrap();
        }
    }
    writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\">index bits per square; outlined: fewer bits than the mask</text>\n</svg>",
        width / 2,
        MARGIN + board + 44,
    )
    .unwrap();
    svg
}

/// A colour per bit count, light for few bits, dark for many.
fn colour(bits: u8) -> &'static str {
    const RAMP: [&str; 9] = [
        "#fff7bc", "#fee391", "#fec44f", "#fe9929", "#ec7014", "#cc4c02", "#993404", "#7a2c05",
        "#662506",
    ];
    RAMP[usize::from(bits.clamp(4, 12) - 4)]
}
