//! How often a first-rank rook magic leaves the end of its sub-table
//! unused: the shared tables could lay the next sub-table there. Samples
//! random magics of each first-rank rook at its default bits, each with
//! its shift in its top six bits as the shared scheme reads it, and counts
//! the slots left free after the last used one.
//!
//! ```sh
//! cargo run --release -p magic-search --example first_rank_tails -- 2000
//! ```

use magic_search::{default_bits, square_name, Hash, Occupancies, Piece, Scratch, SplitMix64};

fn main() {
    let wanted: u64 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 2000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("error: give the number of magics to sample per square, like 2000");
            std::process::exit(2);
        }
    };
    let bits = default_bits(Piece::Rook);
    println!("square bits magics tries last-slot-unused most-free-at-end");
    for sq in 0..8 {
        let bits = u32::from(bits[sq]);
        let shift = 64 - u64::from(bits);
        let o = Occupancies::new(Piece::Rook, sq);
        let mut scratch = Scratch::default();
        let mut rng = SplitMix64::new(sq as u64);
        let (mut found, mut tries, mut unused, mut most) = (0, 0u64, 0, 0);
        while found < wanted {
            tries += 1;
            let sparse = rng.next_u64() & rng.next_u64() & rng.next_u64();
            let magic = sparse & ((1 << 58) - 1) | shift << 58;
            if !scratch.fits(&o, Hash::Multiply, magic, bits) {
                continue;
            }
            found += 1;
            let last = o
                .occupancies
                .iter()
                .map(|&occ| Hash::Multiply.index(o.mask, magic, bits, occ))
                .max()
                .unwrap_or(0);
            let free = (1 << bits) - 1 - last;
            unused += u64::from(free > 0);
            most = most.max(free);
        }
        println!("{} {bits} {found} {tries} {unused} {most}", square_name(sq));
    }
}
