//! Panic messages assembled during const evaluation.
//!
//! `panic!` in a `const fn` accepts a `&str` argument but cannot format
//! integers, so the builders write their messages into a fixed buffer.

pub(crate) struct Message {
    buf: [u8; 256],
    len: usize,
}

impl Message {
    pub(crate) const fn new() -> Message {
        Message {
            buf: [0; 256],
            len: 0,
        }
    }

    pub(crate) const fn str(mut self, s: &str) -> Message {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && self.len < self.buf.len() {
            self.buf[self.len] = b[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// A bitboard as `0x` and sixteen hex digits.
    pub(crate) const fn hex(mut self, v: u64) -> Message {
        self = self.str("0x");
        let mut shift = 64;
        while shift > 0 && self.len < self.buf.len() {
            shift -= 4;
            self.buf[self.len] = b"0123456789abcdef"[((v >> shift) & 15) as usize];
            self.len += 1;
        }
        self
    }

    pub(crate) const fn dec(mut self, mut v: usize) -> Message {
        let mut digits = [0u8; 20];
        let mut n = 0;
        loop {
            digits[n] = b'0' + (v % 10) as u8;
            n += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        while n > 0 && self.len < self.buf.len() {
            n -= 1;
            self.buf[self.len] = digits[n];
            self.len += 1;
        }
        self
    }

    /// Panics with the message; usable during const evaluation.
    pub(crate) const fn panic(&self) -> ! {
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => panic!("{}", s),
            Err(_) => panic!("invalid magic tables"),
        }
    }
}
