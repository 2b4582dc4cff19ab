//! The state file of `magic-search settle`: the parts kept in it, read
//! once, and rewritten as parts finish.

use crate::settle::Question;
use magic_search::{HuntTarget, MagicQuestion, SettleState, Settled, Stopped};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The state file and the parts kept in it, rewritten as parts finish, at
/// most once every [`SAVE_EVERY`], and after each question.
pub struct Keeper {
    /// The file, if one was given.
    pub path: Option<PathBuf>,
    /// The parts kept, and when the file was last written.
    state: Mutex<(SettleState, Instant)>,
}

/// How often at most the state file is rewritten while parts finish: a
/// question of many quick parts (a bishop's) would rewrite it thousands of
/// times a second.
const SAVE_EVERY: Duration = Duration::from_secs(2);

impl Keeper {
    /// The parts kept in `path`, none if it does not exist yet.
    pub fn load(path: Option<PathBuf>) -> Result<Self, String> {
        let state = match &path {
            Some(path) if path.exists() => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                SettleState::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?
            }
            _ => SettleState::default(),
        };
        Ok(Keeper {
            path,
            state: Mutex::new((state, Instant::now())),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (SettleState, Instant)> {
        // A thread that panicked holding the lock leaves whole parts: each
        // is recorded in one step.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Refuses a kept part past the parts of question `q`, or with a magic
    /// that lies in another part.
    pub fn check_parts(&self, q: &Question, question: &MagicQuestion) -> Result<(), String> {
        let kept = self.lock();
        let parts = question.parts();
        let wrong = |&(part, settled): &(u64, Settled)| {
            part >= parts || settled.magic.is_some_and(|m| question.part_of(m) != part)
        };
        let file = self.file();
        let Some((part, settled)) = kept.0.parts_of(q.target()).find(wrong) else {
            // A part stopped before must have stopped within itself.
            let stray = (0..parts).find_map(|part| {
                let at = kept.0.reached(q.target(), part)?.reached;
                (question.part_of(at) != part).then_some((part, at))
            });
            let Some((part, at)) = stray else {
                return Ok(());
            };
            return Err(format!(
                "{}: part {part} of {} stopped at {at:#x}, a magic of another part, so \
                 `settle` did not write it; give another --state file",
                file,
                q.name()
            ));
        };
        let what = match settled.magic {
            Some(m) if part < parts => format!("holds {m:#x}, a magic of another part"),
            _ => format!("is past its {parts} parts"),
        };
        Err(format!(
            "{}: part {part} of {} {what}, so `settle` did not write it; give another \
             --state file",
            file,
            q.name()
        ))
    }

    /// The parts of `target` kept, among `parts`, with the magic each holds.
    pub fn kept(&self, target: HuntTarget, parts: &[u64]) -> BTreeMap<u64, Option<u64>> {
        let state = &self.lock().0;
        parts
            .iter()
            .filter_map(|&part| state.part(target, part).map(|s| (part, s.magic)))
            .collect()
    }

    /// How far a walk of a part of `target` got before it was stopped.
    pub fn reached(&self, target: HuntTarget, part: u64) -> Option<Stopped> {
        self.lock().0.reached(target, part)
    }

    /// Keeps how far a walk of a part got before it was stopped; the file
    /// is rewritten when the run ends.
    pub fn record_reached(&self, target: HuntTarget, part: u64, stopped: Stopped) {
        self.lock().0.record_reached(target, part, stopped);
    }

    /// Keeps a part searched, and rewrites the file if it was not for a
    /// while.
    pub fn record(&self, target: HuntTarget, part: u64, settled: Settled) -> Result<(), String> {
        self.keep(|state| state.record(target, part, settled))
    }

    /// Changes the parts kept with `change`, and rewrites the file if it was
    /// not for a while.
    fn keep(
        &self,
        change: impl FnOnce(&mut SettleState) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut kept = self.lock();
        change(&mut kept.0)?;
        if kept.1.elapsed() >= SAVE_EVERY {
            kept.1 = Instant::now();
            self.write(&kept.0)?;
        }
        Ok(())
    }

    /// The parts of the walk of `target` from the lowest bits kept, each
    /// with how many parts that walk has and what it holds.
    pub fn low_parts(&self, target: HuntTarget) -> Vec<(u64, u64, Settled)> {
        self.lock().0.low_parts_of(target).collect()
    }

    /// Keeps a part of the walk from the lowest bits, and rewrites the file
    /// if it was not for a while.
    pub fn record_low(
        &self,
        target: HuntTarget,
        part: u64,
        of: u64,
        magic: Option<u64>,
        nodes: u64,
    ) -> Result<(), String> {
        self.keep(|state| state.record_low(target, part, of, Settled { magic, nodes }))
    }

    /// The state file's name, for messages.
    pub fn file(&self) -> String {
        let file = self.path.as_deref().unwrap_or(Path::new("the state file"));
        file.display().to_string()
    }

    /// Rewrites the file with every part kept.
    pub fn save(&self) -> Result<(), String> {
        let mut kept = self.lock();
        kept.1 = Instant::now();
        self.write(&kept.0)
    }

    fn write(&self, state: &SettleState) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        crate::write_state(path, &state.to_text())
    }

    /// How to go on after a run cut short: from the state file, or
    /// `without` one.
    pub fn go_on(&self, without: &str) -> String {
        match &self.path {
            Some(path) => format!("run the same command to go on from {}", path.display()),
            None => without.to_string(),
        }
    }

    /// `N parts from FILE`, for the parts of a question read from the file.
    pub fn kept_note(&self, count: usize) -> String {
        match (&self.path, count) {
            (Some(path), 1..) => format!(
                "; {} from {}",
                crate::count(count as u64, "part"),
                path.display()
            ),
            _ => String::new(),
        }
    }
}
