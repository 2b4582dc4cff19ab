//! A stack with its room set when it is made, for the innermost loops of
//! `settle`'s walk: a push is a store and an increment, where a `Vec`
//! checks its room and keeps a call to grow on the way.

use std::ops::Deref;

/// At most `N` items of `T` (`N` a power of two), pushed and popped in
/// order. The place of a push is masked to fit, so that it needs no bound
/// check: the walk sizes each stack by the most it can hold, and a debug
/// build checks it.
pub(crate) struct Stack<T, const N: usize> {
    items: Box<[T; N]>,
    len: usize,
}

impl<T: Copy + Default, const N: usize> Stack<T, N> {
    /// An empty stack.
    pub(crate) fn new() -> Self {
        const { assert!(N.is_power_of_two(), "a stack's room is a power of two") };
        let items = vec![T::default(); N].into_boxed_slice();
        Stack {
            items: items.try_into().unwrap_or_else(|_| unreachable!()),
            len: 0,
        }
    }

    /// Puts `item` on top.
    #[inline(always)]
    pub(crate) fn push(&mut self, item: T) {
        debug_assert!(self.len < N, "a stack of {N} items is full");
        self.items[self.len & (N - 1)] = item;
        self.len += 1;
    }

    /// The item at place `i`, below the length: masked to fit rather than
    /// checked, as the walk reads its lists while it pushes onto them.
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> T {
        debug_assert!(i < self.len);
        self.items[i & (N - 1)]
    }

    /// Drops the items from place `len` on.
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        debug_assert!(len <= self.len);
        self.len = len;
    }
}

impl<T, const N: usize> Deref for Stack<T, N> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}
