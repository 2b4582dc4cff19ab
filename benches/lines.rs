//! The four lines through a square, for the benchmarks' line-by-line
//! lookups (`hyperbola_simd`, `kindergarten`).

/// File, rank, diagonal and anti-diagonal through `sq`, each without the
/// square itself.
pub(crate) const fn lines_through(sq: usize) -> [u64; 4] {
    const fn shift_ranks(line: u64, ranks: i32) -> u64 {
        if ranks >= 0 {
            line << (8 * ranks)
        } else {
            line >> (8 * -ranks)
        }
    }
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let not_s = !(1u64 << sq);
    [
        0x0101_0101_0101_0101 << file & not_s,
        0xff << (8 * rank) & not_s,
        shift_ranks(0x8040_2010_0804_0201, rank - file) & not_s,
        shift_ranks(0x0102_0408_1020_4080, rank + file - 7) & not_s,
    ]
}
