use magic_search::*;
fn load(path: &str) -> Vec<(usize, usize, u64, u32)> {
    std::fs::read_to_string(path).unwrap().lines().filter(|l| !l.starts_with('#') && !l.starts_with("piece")).map(|l| {
        let f: Vec<&str> = l.split(',').collect();
        (if f[0] == "rook" {0} else {1}, f[1].parse().unwrap(), u64::from_str_radix(&f[2][2..], 16).unwrap(), f[3].parse().unwrap())
    }).collect()
}
fn main() {
    let rows = load("/work/shared/data/fixed-shift-magics.csv");
    let mut tables = vec![];
    for &(p, sq, magic, _) in &rows {
        let piece = Piece::ALL[p];
        let bits = if p == 0 {12} else {9};
        tables.push(SubTable::new(piece, sq, magic, bits));
    }
    // trim trailing/leading? entries beyond used range are zero anyway
    for rule in [SlotRule::Exact, SlotRule::PostMasked] {
        let t = std::time::Instant::now();
        let (_, len) = pack(&tables, rule);
        println!("{rule:?} {len} {:?}", t.elapsed());
    }
}
