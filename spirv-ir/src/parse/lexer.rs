//! The lexer: text -> tokens that carry their line:column.

use super::ParseError;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Ident(String),
    Value(String),
    Block(usize),
    Symbol(String),
    Str(String),
    Num(String),
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) line: usize,
    pub(super) column: usize,
}

pub(super) fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0, 1, 1);
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        let (tok, width) = token(&chars, i, line, col)?;
        out.push(Token {
            tok,
            line,
            column: col,
        });
        i += width;
        col += width;
    }
    out.push(Token {
        tok: Tok::Eof,
        line,
        column: col,
    });
    Ok(out)
}

fn lex_error<T>(line: usize, column: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError {
        line,
        column,
        message: message.into(),
    })
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'
}

/// The index of the first char from `start` on that is not `f`.
fn take_while(chars: &[char], start: usize, f: impl Fn(char) -> bool) -> usize {
    let mut j = start;
    while j < chars.len() && f(chars[j]) {
        j += 1;
    }
    j
}

/// The token that begins at `chars[i]` (at line `l0`, column `c0`) and its width in chars.
fn token(chars: &[char], i: usize, l0: usize, c0: usize) -> Result<(Tok, usize), ParseError> {
    let c = chars[i];
    if is_ident_start(c) {
        let j = take_while(chars, i, is_ident);
        return Ok((Tok::Ident(chars[i..j].iter().collect()), j - i));
    }
    match c {
        '%' => {
            let j = take_while(chars, i + 1, is_ident);
            if j == i + 1 {
                return lex_error(l0, c0, "expected a value name after `%`");
            }
            Ok((Tok::Value(chars[i + 1..j].iter().collect()), j - i))
        }
        '^' => {
            if chars.get(i + 1) != Some(&'b') || chars.get(i + 2) != Some(&'b') {
                return lex_error(l0, c0, "expected `^bbN`");
            }
            let j = take_while(chars, i + 3, |c| c.is_ascii_digit());
            if j == i + 3 {
                return lex_error(l0, c0, "expected a number after `^bb`");
            }
            let s: String = chars[i + 3..j].iter().collect();
            let n: usize = s.parse().map_err(|_| ParseError {
                line: l0,
                column: c0,
                message: "number too large".into(),
            })?;
            Ok((Tok::Block(n), j - i))
        }
        '@' => {
            let j = take_while(chars, i + 1, is_ident);
            if j == i + 1 {
                return lex_error(l0, c0, "expected a symbol name after `@`");
            }
            Ok((Tok::Symbol(chars[i + 1..j].iter().collect()), j - i))
        }
        '"' => string(chars, i, l0, c0),
        _ if c.is_ascii_digit()
            || (c == '-' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())) =>
        {
            let end = number_end(chars, i);
            Ok((Tok::Num(chars[i..end].iter().collect()), end - i))
        }
        _ => {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let p = if two == "->" {
                "->"
            } else {
                match c {
                    '(' => "(",
                    ')' => ")",
                    '[' => "[",
                    ']' => "]",
                    '{' => "{",
                    '}' => "}",
                    '<' => "<",
                    '>' => ">",
                    ',' => ",",
                    ':' => ":",
                    '=' => "=",
                    '|' => "|",
                    '#' => "#",
                    _ => return lex_error(l0, c0, format!("unexpected character `{c}`")),
                }
            };
            Ok((Tok::Punct(p), p.len()))
        }
    }
}

/// A string literal that begins at `chars[i]` (its `"`) and its width in chars (both quotes
/// included).
fn string(chars: &[char], i: usize, l0: usize, c0: usize) -> Result<(Tok, usize), ParseError> {
    let mut s = String::new();
    let mut j = i + 1;
    loop {
        match chars.get(j) {
            None | Some('\n') => return lex_error(l0, c0, "unterminated string"),
            Some('"') => break,
            Some('\\') => {
                match chars.get(j + 1) {
                    Some('"') => s.push('"'),
                    Some('\\') => s.push('\\'),
                    Some('n') => s.push('\n'),
                    Some('u') => {
                        let close = (j..chars.len())
                            .find(|&k| chars[k] == '}')
                            .filter(|&k| k >= j + 3 && chars.get(j + 2) == Some(&'{'))
                            .ok_or(ParseError {
                                line: l0,
                                column: c0,
                                message: "bad \\u escape".into(),
                            })?;
                        let hex: String = chars[j + 3..close].iter().collect();
                        let v = u32::from_str_radix(&hex, 16)
                            .ok()
                            .and_then(char::from_u32)
                            .ok_or(ParseError {
                                line: l0,
                                column: c0,
                                message: "bad \\u escape".into(),
                            })?;
                        s.push(v);
                        j = close - 1;
                    }
                    _ => return lex_error(l0, c0, "bad escape in string"),
                }
                j += 2;
            }
            Some(&ch) => {
                s.push(ch);
                j += 1;
            }
        }
    }
    Ok((Tok::Str(s), j + 1 - i))
}

/// The end of the number that begins at `chars[i]`: decimal or `0x` hexadecimal, with an
/// optional sign, fraction and exponent.
fn number_end(chars: &[char], i: usize) -> usize {
    let mut end = if chars[i] == '-' { i + 1 } else { i };
    if chars[end] == '0' && chars.get(end + 1) == Some(&'x') {
        end = take_while(chars, end + 2, |c| c.is_ascii_hexdigit());
    } else {
        end = take_while(chars, end, |c| c.is_ascii_digit());
        if chars.get(end) == Some(&'.') && chars.get(end + 1).is_some_and(|d| d.is_ascii_digit()) {
            end = take_while(chars, end + 1, |c| c.is_ascii_digit());
        }
        if matches!(chars.get(end), Some('e' | 'E')) {
            let mut k = end + 1;
            if matches!(chars.get(k), Some('+' | '-')) {
                k += 1;
            }
            if chars.get(k).is_some_and(|d| d.is_ascii_digit()) {
                end = take_while(chars, k, |c| c.is_ascii_digit());
            }
        }
    }
    end
}

pub(super) fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Value(n) => format!("`%{n}`"),
        Tok::Block(n) => format!("`^bb{n}`"),
        Tok::Symbol(s) => format!("`@{s}`"),
        Tok::Str(s) => format!("string \"{s}\""),
        Tok::Num(s) => format!("number `{s}`"),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::Eof => "the end of the input".into(),
    }
}
