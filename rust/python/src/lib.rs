//! `mulligan._core`: the PyO3 bindings of `mulligan-core`. This crate only converts types and
//! errors and guards the boundary; every rule lives in the core.

mod analysis;
mod args;
mod arrays;
mod bulk;
mod card;
mod card_data;
mod convert;
mod decision;
mod deck;
mod errors;
mod game;
mod keep_rule;
mod library;
mod log;
mod optimize;
#[cfg(feature = "bench-peers")]
mod peers;
#[cfg(feature = "bench-peers")]
mod peers_landlord;
mod play;
mod rules;
mod seat_cards;
mod seed;
mod setup;
mod simulate;
mod simulation_result;
mod sources;
mod starting_player;
mod table;
mod tournament;

use pyo3::prelude::*;

/// Panics without a guard, for the test that a panic reaches Python as an `InternalError`.
#[pyfunction]
fn _panic_for_tests() {
    panic!("a panic on purpose (tests)");
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    // Not in `__all__` (a test hook, not API).
    m.setattr("_panic_for_tests", wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add("FORMAT_VERSION", mulligan_core::FORMAT_VERSION)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<seed::Seed>()?;
    m.add_function(wrap_pyfunction!(seed::verify_commitment, m)?)?;
    m.add_function(wrap_pyfunction!(seed::contribution_commitment, m)?)?;
    m.add_function(wrap_pyfunction!(seed::mix_seed, m)?)?;
    m.add_class::<card::Card>()?;
    m.add_class::<deck::Deck>()?;
    m.add_class::<card_data::CardTable>()?;
    m.add_class::<library::Library>()?;
    m.add_function(wrap_pyfunction!(library::shuffle_simultaneously, m)?)?;
    m.add_class::<rules::Variant>()?;
    m.add_class::<rules::MulliganRule>()?;
    m.add_class::<setup::Player>()?;
    m.add_class::<decision::Decision>()?;
    m.add_class::<decision::SeatResult>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<starting_player::Match>()?;
    m.add_function(wrap_pyfunction!(log::log_header, m)?)?;
    m.add_function(wrap_pyfunction!(log::setup_digest, m)?)?;
    m.add_function(wrap_pyfunction!(log::verify_log_bytes, m)?)?;
    m.add_class::<keep_rule::KeepRule>()?;
    m.add_class::<simulation_result::SimulationResult>()?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(
        simulation_result::_restore_simulation_result,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(bulk::bulk_shuffles, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::bulk_hands, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::tournament_play_draw, m)?)?;
    analysis::register(m)?;
    sources::register(m)?;
    #[cfg(feature = "bench-peers")]
    peers::register(m)?;
    Ok(())
}
