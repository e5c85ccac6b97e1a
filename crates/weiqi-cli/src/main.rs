//! The `weiqi` binary: see the `weiqi_cli` library for the commands.

use std::io::Write;

fn main() {
    let code = {
        let mut out = std::io::stdout().lock();
        let mut err = std::io::stderr().lock();
        let code = weiqi_cli::run(std::env::args_os(), &mut out, &mut err);
        let _ = out.flush();
        let _ = err.flush();
        code
    };
    std::process::exit(code);
}
