// Seed for rust_extract_fuzz: errors, Display arms, wrappers, recursion.
use std::fmt;

#[derive(Debug)]
pub enum Error {
    Missing(String),
    TooMany { n: usize },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Missing(p) => write!(f, "missing path {}", p),
            Error::TooMany { n } => write!(f, "too many items: {n}"),
        }
    }
}

const PREFIX: &str = "widget: ";

fn custom(msg: impl fmt::Display) -> Error { Error::Missing(format!("{}{}", PREFIX, msg)) }
fn again(msg: String) -> Error { again(msg + "!") }

pub fn open(path: &str, n: usize) -> Result<(), Error> {
    if path.is_empty() { return Err(custom(format_args!("empty path ({} items)", n))); }
    if n > 3 { return Err(Error::TooMany { n }); }
    if n == 2 { panic!("unreachable: {:?}", n); }
    anyhow::bail!("cannot open {path}: denied");
}
