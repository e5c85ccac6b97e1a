//! A small client of the Go Text Protocol (GTP version 2): start a Go program, send it
//! commands, read its answers, each wait bounded by a time limit, and never leave the program
//! running behind.
//!
//! The protocol (GTP 2 draft, sections 2.6 and 2.7): a command is one line; the answer starts
//! with `=` (success) or `?` (failure), an optional id, then the text, and ends with an empty
//! line. This module sends no ids. `weiqi score --dead gnugo` uses it to ask GNU Go for the dead
//! stones; a referee between two programs can be built on [`Engine`] alone.
//!
//! The other side of the protocol, `weiqi gtp` (weiqi as a GTP engine), is the
//! [`server`](crate::server) module.
//!
//! ```no_run
//! use std::time::Duration;
//! use weiqi_gtp::Engine;
//!
//! let mut engine = Engine::start("/usr/games/gnugo", &["--mode", "gtp"])?;
//! let name = engine.command("name", Duration::from_secs(10))?;
//! assert_eq!(name, "GNU Go");
//! engine.quit(Duration::from_secs(5))?;
//! # Ok::<(), weiqi_gtp::GtpError>(())
//! ```

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The longest line of an answer kept, in bytes; the rest of a longer line comes as the next.
const MAX_ANSWER_LINE: u64 = 64 * 1024;

/// The most bytes of one answer, all its lines together: a longer answer is the program's
/// fault ([`GtpError::Protocol`]) and the program is stopped. What the client holds of one
/// program is bounded by this and by the lines waiting in its channel ([`CHANNEL_LINES`] of
/// at most [`MAX_ANSWER_LINE`] bytes).
pub const MAX_ANSWER_BYTES: usize = 1024 * 1024;

/// The lines read ahead of the answer being read (the reader thread then waits).
const CHANNEL_LINES: usize = 16;

/// The most characters of a program's text quoted in an error.
const QUOTE: usize = 120;

/// At most [`QUOTE`] characters of `text`, on one line (the rest cut, marked `...`).
pub(crate) fn quote(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    let mut out: String = line.chars().take(QUOTE).collect();
    if out.len() < text.len() {
        out.push_str("...");
    }
    out
}

/// Why a GTP exchange failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GtpError {
    /// The program could not be started.
    Start {
        /// The program.
        program: PathBuf,
        /// The operating system's reason, lowercase.
        reason: String,
    },
    /// The program did not finish its answer in time (it has been stopped).
    Timeout {
        /// The command.
        command: String,
        /// The time limit.
        limit: Duration,
    },
    /// The program answered with a failure (`? message`).
    Failure {
        /// The command.
        command: String,
        /// The program's message.
        message: String,
    },
    /// The program closed its output or could not be written to (it exited or crashed).
    Closed {
        /// The command.
        command: String,
    },
    /// The program answered something that is not a GTP answer, or an answer longer than
    /// [`MAX_ANSWER_BYTES`].
    Protocol {
        /// The command.
        command: String,
        /// The first line of the answer (at most 120 characters), or what is wrong with it.
        answer: String,
    },
    /// A command of more than one line, or with control characters: GTP commands are one line.
    BadCommand(String),
    /// An answer that belongs to no command sent: output before any command was sent, or an
    /// answer whose id is not the command's ([`Engine::request`]).
    OutOfOrder {
        /// The command.
        command: String,
        /// The first line of the stray answer.
        answer: String,
    },
}

impl std::fmt::Display for GtpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GtpError::Start { program, reason } => {
                write!(f, "cannot start {}: {reason}", program.display())
            }
            GtpError::Timeout { command, limit } => write!(
                f,
                "no answer to {command:?} within {} s (the program was stopped)",
                limit.as_secs_f64()
            ),
            GtpError::Failure { command, message } => {
                write!(f, "the program refused {command:?}: {message}")
            }
            GtpError::Closed { command } => {
                write!(f, "the program exited before answering {command:?}")
            }
            GtpError::Protocol { command, answer } => {
                write!(f, "the answer to {command:?} is not GTP: {answer:?}")
            }
            GtpError::BadCommand(c) => write!(f, "not a one-line gtp command: {c:?}"),
            GtpError::OutOfOrder { command, answer } => write!(
                f,
                "an answer out of order at {command:?}: {answer:?} answers no command sent"
            ),
        }
    }
}

impl std::error::Error for GtpError {}

/// A running GTP program. Dropping it stops the program (kill, then wait), so no child process
/// outlives its `Engine`.
#[derive(Debug)]
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Lines of the program's standard output, read by a thread that ends when the output
    /// closes.
    lines: Receiver<String>,
    /// The id of the next [`Engine::request`].
    next_id: u64,
}

impl Engine {
    /// Starts `program` with `args`, its standard error discarded.
    pub fn start(program: impl AsRef<Path>, args: &[&str]) -> Result<Engine, GtpError> {
        let program = program.as_ref();
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Its own process group, so that stopping it also stops what it started (a shell
        // wrapper's program, a helper process): no child process is left behind (issue 14).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|e| GtpError::Start {
            program: program.to_path_buf(),
            reason: e.to_string().to_lowercase(),
        })?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                kill_group(&child);
                return Err(GtpError::Start {
                    program: program.to_path_buf(),
                    reason: "no pipe to the program".to_owned(),
                });
            }
        };
        // A bounded channel: a program that writes without end blocks on its pipe instead of
        // filling memory; lines are cut at MAX_ANSWER_LINE bytes and read lossily, so binary
        // output is a protocol error, not a stopped reader.
        let (tx, lines) = mpsc::sync_channel(CHANNEL_LINES);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            // Whether the last piece sent was cut at MAX_ANSWER_LINE: the newline that ends
            // that line is not an empty line (which would end the answer).
            let mut cut = false;
            loop {
                bytes.clear();
                match (&mut reader)
                    .take(MAX_ANSWER_LINE)
                    .read_until(b'\n', &mut bytes)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let was_cut = std::mem::replace(&mut cut, !bytes.ends_with(b"\n"));
                        if was_cut && bytes == b"\n" {
                            continue;
                        }
                        let line = String::from_utf8_lossy(&bytes).into_owned();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Engine {
            child,
            stdin: Some(stdin),
            lines,
            next_id: 1,
        })
    }

    /// Sends one command and returns the text of a successful answer (without the `=`, lines
    /// joined by `\n`, trimmed). The whole answer must arrive within `limit`; otherwise the
    /// program is stopped and every later command fails with [`GtpError::Closed`].
    pub fn command(&mut self, command: &str, limit: Duration) -> Result<String, GtpError> {
        self.exchange(command, None, limit)
    }

    /// Sends one command with an id (GTP 2 section 2.6) and returns the text of a successful
    /// answer, as [`Engine::command`] does, checking that the answer is the command's: output
    /// already waiting before the command is sent (an answer to nothing, or a second answer to
    /// an earlier command) and an answer without the command's id are
    /// [`GtpError::OutOfOrder`]. What a referee between two programs uses.
    pub fn request(&mut self, command: &str, limit: Duration) -> Result<String, GtpError> {
        let id = self.next_id;
        self.next_id += 1;
        while let Ok(line) = self.lines.try_recv() {
            if !line.trim().is_empty() {
                return Err(GtpError::OutOfOrder {
                    command: command.to_owned(),
                    answer: quote(line.trim_end()),
                });
            }
        }
        self.exchange(command, Some(id), limit)
    }

    fn exchange(
        &mut self,
        command: &str,
        id: Option<u64>,
        limit: Duration,
    ) -> Result<String, GtpError> {
        if command.chars().any(|c| c.is_control() && c != '\t') {
            return Err(GtpError::BadCommand(command.to_owned()));
        }
        let closed = || GtpError::Closed {
            command: command.to_owned(),
        };
        let stdin = self.stdin.as_mut().ok_or_else(closed)?;
        stdin
            .write_all(
                match id {
                    Some(id) => format!("{id} {command}\n"),
                    None => format!("{command}\n"),
                }
                .as_bytes(),
            )
            .and_then(|()| stdin.flush())
            .map_err(|_| closed())?;
        let deadline = Instant::now() + limit;
        let mut answer: Vec<String> = Vec::new();
        let mut bytes = 0usize;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    self.stop();
                    return Err(GtpError::Timeout {
                        command: command.to_owned(),
                        limit,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.stop();
                    return Err(closed());
                }
            };
            // GTP 2 section 2.5: carriage returns are removed, tabs are spaces; an empty line
            // ends the answer (empty lines before it are not part of it).
            let line = line.replace('\r', "").replace('\t', " ");
            let line = line.trim_end_matches('\n');
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            bytes = bytes.saturating_add(line.len() + 1);
            if bytes > MAX_ANSWER_BYTES {
                self.stop();
                return Err(GtpError::Protocol {
                    command: command.to_owned(),
                    answer: format!(
                        "an answer longer than {MAX_ANSWER_BYTES} bytes (the program was \
                         stopped), starting {:?}",
                        quote(answer.first().map_or(line, String::as_str))
                    ),
                });
            }
            answer.push(line.to_owned());
        }
        let first = answer[0].clone();
        let (ok, rest) = match first.chars().next() {
            Some('=') => (true, &first[1..]),
            Some('?') => (false, &first[1..]),
            _ => {
                return Err(GtpError::Protocol {
                    command: command.to_owned(),
                    answer: quote(&first),
                });
            }
        };
        // An optional numeric id right after the status character: the command's, if it had
        // one.
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if let Some(id) = id
            && rest[..digits] != id.to_string()
        {
            return Err(GtpError::OutOfOrder {
                command: command.to_owned(),
                answer: quote(&first),
            });
        }
        let rest = &rest[digits..];
        let mut text = rest.trim().to_owned();
        for line in &answer[1..] {
            text.push('\n');
            text.push_str(line.trim());
        }
        let text = text.trim().to_owned();
        if ok {
            Ok(text)
        } else {
            Err(GtpError::Failure {
                command: command.to_owned(),
                message: quote(&text),
            })
        }
    }

    /// Sends `quit`, waits up to `limit` for the program to exit, and stops it if it does not.
    pub fn quit(mut self, limit: Duration) -> Result<(), GtpError> {
        let answer = self.command("quit", limit).map(|_| ());
        let deadline = Instant::now() + limit;
        self.stdin = None;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return answer,
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
        self.stop();
        answer
    }

    /// Kills the program (if it still runs) and reaps it, then kills what is left of its
    /// process group (processes it started that outlived it).
    fn stop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        kill_group(&self.child);
    }
}

/// Kills every process left in the process group the program was started in (its id is the
/// program's pid). Safe after the program was reaped: a pid is not reused while a process group
/// of that id has members, and an empty group is an error that is ignored.
#[cfg(unix)]
fn kill_group(child: &Child) {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// Elsewhere only the program itself is stopped.
#[cfg(not(unix))]
fn kill_group(_child: &Child) {}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A GTP program written in sh: answers `name`, echoes `echo`, fails `bad`, sleeps on
    /// `hang`, starts a background `sleep` on `spawn` and answers its pid, exits on `quit` and
    /// on `die` (without answering the latter).
    const FAKE: &str = r#"while read -r cmd arg; do
      case "$cmd" in
        name) printf '= fake\n\n' ;;
        echo) printf '= %s\nsecond line\n\n' "$arg" ;;
        bad) printf '? unknown command\n\n' ;;
        hang) sleep 30 ;;
        die) exit 3 ;;
        junk) printf 'hello\n\n' ;;
        spawn) sleep 300 & printf '= %s\n\n' "$!" ;;
        lines) printf '= start\n'; head -c 3000000 /dev/zero | tr '\0' x | fold -w 1000; printf '\n\n' ;;
        oneline) printf '= '; head -c 3000000 /dev/zero | tr '\0' y; printf '\n\n' ;;
        exact) printf '= '; head -c 65534 /dev/zero | tr '\0' z; printf '\nsecond\n\n' ;;
        quit) printf '=\n\n'; exit 0 ;;
      esac
    done"#;

    fn fake() -> Engine {
        Engine::start("sh", &["-c", FAKE]).expect("sh runs")
    }

    const SECOND: Duration = Duration::from_secs(5);

    #[test]
    fn answers_are_read_to_the_empty_line() {
        // GTP 2 section 2.7: "= text", more lines, an empty line.
        let mut e = fake();
        assert_eq!(e.command("name", SECOND), Ok("fake".to_owned()));
        assert_eq!(
            e.command("echo a1", SECOND),
            Ok("a1\nsecond line".to_owned())
        );
        assert_eq!(
            e.command("bad", SECOND),
            Err(GtpError::Failure {
                command: "bad".into(),
                message: "unknown command".into()
            })
        );
        assert!(matches!(
            e.command("junk", SECOND),
            Err(GtpError::Protocol { .. })
        ));
        assert_eq!(e.quit(SECOND), Ok(()));
    }

    #[test]
    fn a_silent_program_times_out_and_is_stopped() {
        // Issue 10 item 4: a time limit on every wait, no child process left behind.
        let mut e = fake();
        let start = Instant::now();
        let limit = Duration::from_millis(300);
        assert_eq!(
            e.command("hang", limit),
            Err(GtpError::Timeout {
                command: "hang".into(),
                limit
            })
        );
        assert!(start.elapsed() < Duration::from_secs(10));
        assert!(
            e.child.try_wait().expect("reaped").is_some(),
            "the program was killed and reaped"
        );
        assert!(matches!(
            e.command("name", SECOND),
            Err(GtpError::Closed { .. })
        ));
    }

    /// Whether process `pid` has ended (gone, or a zombie nobody reaped yet).
    #[cfg(target_os = "linux")]
    fn ended(pid: &str) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
        }
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn stopping_a_program_stops_the_processes_it_started() {
        // Issue 14: "no child process is left behind", grandchildren included (the `sleep`
        // of a hanging sh program, or the engine a wrapper script starts).
        for how in ["timeout", "quit", "drop"] {
            let mut e = fake();
            let pid = e.command("spawn", SECOND).expect("a pid");
            assert!(!ended(&pid), "{how}: the background sleep {pid} runs");
            match how {
                "timeout" => {
                    let limit = Duration::from_millis(200);
                    assert!(e.command("hang", limit).is_err());
                }
                "quit" => assert_eq!(e.quit(SECOND), Ok(())),
                _ => drop(e),
            }
            let deadline = Instant::now() + SECOND;
            while !ended(&pid) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
            assert!(
                ended(&pid),
                "{how}: the background sleep {pid} was left running"
            );
        }
    }

    #[test]
    fn an_answer_is_capped_in_total_and_quoted_in_one_short_line() {
        // Issue 28 item 4: 3,000 lines of 1,000 bytes, or one line of 3 MB: the answer is cut
        // at MAX_ANSWER_BYTES, the program stopped, and the error quotes at most a line.
        for (command, start) in [("lines", "start"), ("oneline", "yyyy")] {
            let mut e = fake();
            let err = e.command(command, SECOND).expect_err("too long");
            let GtpError::Protocol { answer, .. } = &err else {
                panic!("{command}: {err:?}");
            };
            assert!(answer.contains("longer than 1048576 bytes"), "{answer}");
            assert!(answer.contains(start), "{answer}");
            let text = err.to_string();
            assert!(
                text.len() < 400 && !text.contains('\n'),
                "{command}: {text}"
            );
            assert!(
                matches!(e.command("name", SECOND), Err(GtpError::Closed { .. })),
                "{command}: the program was stopped"
            );
        }
    }

    #[test]
    fn a_line_of_exactly_the_cut_length_does_not_end_the_answer() {
        // The newline after a line cut at MAX_ANSWER_LINE bytes is not an empty line.
        let mut e = fake();
        let answer = e.command("exact", SECOND).expect("an answer");
        assert_eq!(answer.len(), 65534 + "\nsecond".len());
        assert!(answer.ends_with("z\nsecond"));
        assert_eq!(e.command("name", SECOND), Ok("fake".to_owned()));
    }

    #[test]
    fn a_program_that_exits_is_reported_closed() {
        let mut e = fake();
        assert_eq!(
            e.command("die", SECOND),
            Err(GtpError::Closed {
                command: "die".into()
            })
        );
    }

    #[test]
    fn a_missing_program_and_a_two_line_command_are_refused() {
        let err = Engine::start("/nonexistent/weiqi-no-such-program", &[]).expect_err("missing");
        assert!(
            err.to_string()
                .starts_with("cannot start /nonexistent/weiqi-no-such-program")
        );
        let mut e = fake();
        assert!(matches!(
            e.command("name\nquit", SECOND),
            Err(GtpError::BadCommand(_))
        ));
    }
}
