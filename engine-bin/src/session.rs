//! The protocol loop (the protocol issue fills this in).

pub fn run_protocol_loop() -> Result<(), String> {
    Err("the protocol loop is not available yet".to_owned())
}
