//! The table template: what every table type has in common, written once.
//!
//! A scheme's file declares its struct through [`table_type!`] and keeps
//! only what differs: the per-square entry the lookup reads, the lookup
//! itself and the `const fn` builder. The template adds the rook, bishop
//! and queen lookups, the accessors (with the same names on every type),
//! the [`Sliders`](crate::Sliders) implementation and their documentation.

/// Declares a table type and everything every table type has.
///
/// - `$name<N>` or `$name`: the type, with or without a length parameter;
/// - `squares`: the type of the per-square entries, declared by
///   `square_entries!`; then the fields after `squares` and `layout` (each
///   square's hash as built and checked, for the accessors);
/// - `lookup: const` or `lookup: runtime`: whether the lookups are
///   `const fn` (PEXT's use instructions that are not);
/// - `fn lookup(self, piece, sq, entry, occ)`: the attacks of `occ` from
///   the entry of one square (`piece` is 0 for rooks, 1 for bishops, a constant
///   once inlined);
/// - `entries`: the hashed array; `table_bytes`: bytes of table data;
/// - `example`: an expression building the table, for the doc examples.
macro_rules! table_type {
    (
        $(#[$doc:meta])*
        pub struct $name:ident $(<$n:ident>)? {
            squares: $squares:ty,
            $($field:ident: $fty:ty,)*
        }
        lookup: $constness:ident,
        fn lookup($self:ident, $piece:ident, $sq:ident, $e:ident, $occ:ident) $body:block
        entries: $entries:ident: $slot:ty,
        table_bytes: $bytes:expr,
        example: $example:literal $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name$(<const $n: usize>)? {
            /// What the lookup reads per piece and square.
            squares: $squares,
            /// How each square hashes, as built and checked.
            layout: magic_core::Layout,
            $($field: $fty,)*
        }

        impl$(<const $n: usize>)? $name$(<$n>)? {
            $crate::template::table_type!(@lookups $constness, $name, $example,
                fn lookup($self, $piece, $sq, $e, $occ) $body);

            /// How `piece` on `sq` hashes: its index formula, relevant
            /// mask, magic, index bits and sub-table offset.
            ///
            /// ```
            /// # use magic_runtime_core as magic_runtime;
            /// # use magic_runtime::{sets, default_bits, Piece::*, *};
            #[doc = concat!("let t = ", $example, ";")]
            /// let h = t.square(Rook, 0);
            /// assert_eq!(h.mask, relevant_mask(Rook, 0));
            /// assert!(t.bits(Rook, 0) <= 12);
            /// assert_eq!(h.magic, t.magic(Rook, 0));
            /// ```
            #[inline(always)]
            pub const fn square(&self, piece: $crate::Piece, sq: usize) -> $crate::SquareHash {
                self.layout[piece as usize][sq]
            }

            /// The magic factor of `piece` on `sq`, as the builder took it
            /// (0 where the scheme has none).
            #[inline(always)]
            pub const fn magic(&self, piece: $crate::Piece, sq: usize) -> u64 {
                self.layout[piece as usize][sq].magic
            }

            /// The index bits of `piece` on `sq`: its sub-table spans
            /// `2^bits` slots.
            #[inline(always)]
            pub const fn bits(&self, piece: $crate::Piece, sq: usize) -> u32 {
                self.layout[piece as usize][sq].bits
            }

            /// The hashed array the lookups index, every square's sub-table
            /// in it.
            #[inline(always)]
            pub const fn entries(&self) -> &[$slot] {
                &self.$entries
            }

            /// Bytes of table data: the hashed array, and the attack list
            /// where the scheme has one; not the 128 per-square entries.
            #[inline(always)]
            pub const fn table_bytes(&self) -> usize {
                $bytes
            }
        }

        impl$(<const $n: usize>)? $crate::Sliders for $name$(<$n>)? {
            #[inline(always)]
            fn rook(&self, sq: usize, occ: u64) -> u64 {
                $name::rook(self, sq, occ)
            }
            #[inline(always)]
            fn bishop(&self, sq: usize, occ: u64) -> u64 {
                $name::bishop(self, sq, occ)
            }
            #[inline(always)]
            fn queen(&self, sq: usize, occ: u64) -> u64 {
                $name::queen(self, sq, occ)
            }
        }
    };

    (@lookups const, $name:ident, $example:literal, fn lookup($self:ident, $piece:ident, $sq:ident, $e:ident, $occ:ident) $body:block) => {
        #[inline(always)]
        const fn lookup(&$self, $piece: usize, $sq: usize, $occ: u64) -> u64 {
            let $e = $self.squares.at($piece, $sq);
            $body
        }
        $crate::template::table_type!(@public const, $example);
    };
    (@lookups runtime, $name:ident, $example:literal, fn lookup($self:ident, $piece:ident, $sq:ident, $e:ident, $occ:ident) $body:block) => {
        #[inline(always)]
        fn lookup(&$self, $piece: usize, $sq: usize, $occ: u64) -> u64 {
            let $e = $self.squares.at($piece, $sq);
            $body
        }
        $crate::template::table_type!(@public, $example);
    };
    (@public $($const:ident)?, $example:literal) => {
        /// Rook attacks from `sq` (a1 = 0 ... h8 = 63) given the occupancy
        /// `occ`. Squares of 64 and more panic.
        ///
        /// ```
        /// # use magic_runtime_core as magic_runtime;
        /// # use magic_runtime::{sets, default_bits, Piece::*, *};
        #[doc = concat!("let t = ", $example, ";")]
        /// let (a1, d4) = (0, 27);
        /// assert_eq!(t.rook(a1, 0), 0x0101_0101_0101_01fe);
        /// assert_eq!(t.rook(d4, !0), 1 << 19 | 1 << 26 | 1 << 28 | 1 << 35);
        /// ```
        #[inline(always)]
        pub $($const)? fn rook(&self, sq: usize, occ: u64) -> u64 {
            self.lookup(0, sq, occ)
        }

        /// Bishop attacks from `sq` given the occupancy `occ`. Squares of
        /// 64 and more panic.
        ///
        /// ```
        /// # use magic_runtime_core as magic_runtime;
        /// # use magic_runtime::{sets, default_bits, Piece::*, *};
        #[doc = concat!("let t = ", $example, ";")]
        /// let (h1, d4) = (7, 27);
        /// assert_eq!(t.bishop(h1, 0), 0x0102_0408_1020_4000);
        /// assert_eq!(t.bishop(d4, !0), 1 << 18 | 1 << 20 | 1 << 34 | 1 << 36);
        /// ```
        #[inline(always)]
        pub $($const)? fn bishop(&self, sq: usize, occ: u64) -> u64 {
            self.lookup(1, sq, occ)
        }

        /// Queen attacks from `sq` given the occupancy `occ`: rook and
        /// bishop attacks together.
        ///
        /// ```
        /// # use magic_runtime_core as magic_runtime;
        /// # use magic_runtime::{sets, default_bits, Piece::*, *};
        #[doc = concat!("let t = ", $example, ";")]
        /// let d4 = 27;
        /// print!("{}", Diagram::new(t.queen(d4, 1 << 43)).piece(d4, 'Q'));
        /// assert_eq!(t.queen(d4, 0).count_ones(), 27);
        /// assert_eq!(t.queen(d4, !0), 0x1c_141c_0000);
        /// ```
        #[inline(always)]
        pub $($const)? fn queen(&self, sq: usize, occ: u64) -> u64 {
            self.lookup(0, sq, occ) | self.lookup(1, sq, occ)
        }
    };
}
pub(crate) use table_type;

/// Slot `index` of the sub-table that starts at `offset` in `table`.
///
/// The sub-table's address is formed first: it depends on the square only,
/// so it is ready while the occupancy is still being hashed, and the index
/// then goes straight into the load's address. One sum `offset + index`
/// would put an addition between the hash and the load, a cycle more on
/// every lookup that waits for the one before.
///
/// # Safety
///
/// `offset + index` must be below `table.len()`.
#[inline(always)]
pub(crate) const unsafe fn sub_table_slot<T: Copy>(table: &[T], offset: usize, index: usize) -> T {
    // SAFETY: the caller keeps `offset + index` inside `table`.
    unsafe { *table.as_ptr().add(offset).add(index) }
}
