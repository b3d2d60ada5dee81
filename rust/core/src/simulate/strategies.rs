//! The strategies a keep rule names besides its conditions: which cards a London mulligan
//! puts on the bottom (103.5: [`Bottom`]'s count of lands; which ones, [`super::conditions`])
//! and which cards a Commander partial Paris mulligan exiles ([`Exile`]).

use crate::error::Result;
use crate::spelling::{lenient_deserialize, lenient_schema_with, Named};
use schemars::JsonSchema;
use serde::Serialize;

/// Which cards a London mulligan puts on the bottom. Serialised by [`Bottom::name`], read in
/// any case with `-` or `_`, and `lands`/`spells` for the last two ([`crate::spelling`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(transform = bottom_schema)]
pub enum Bottom {
    /// Keep the number of lands closest to the target for the kept hand size: the middle of
    /// its land range, or the deck's land share when it has none (ties: more lands).
    #[default]
    Balance,
    /// Bottom lands first.
    LandsFirst,
    /// Bottom spells first.
    SpellsFirst,
}

/// Which cards a Commander partial Paris mulligan exiles (docs/VARIANTS.md, "In simulate").
/// Serialised by [`Exile::name`], read in any case ([`crate::spelling`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(transform = crate::spelling::lenient_schema)]
pub enum Exile {
    /// The whole hand (a plain mulligan): the default.
    #[default]
    Hand,
    /// Every card of the over-represented kind: every land when the hand holds more lands than
    /// its target (the middle of the land range for its size; without a range, the deck's
    /// land share times the size), every non-land when it holds fewer; the whole hand when
    /// it holds exactly the target or no card of that kind.
    Excess,
}

impl Exile {
    /// Every policy.
    pub const ALL: [Exile; 2] = [Exile::Hand, Exile::Excess];

    /// The name the bindings, the CLI and keep files use (`"hand"`, `"excess"`).
    pub fn name(self) -> &'static str {
        match self {
            Exile::Hand => "hand",
            Exile::Excess => "excess",
        }
    }

    /// The policy by name, in any case (`"hand"`, `"EXCESS"`).
    pub fn parse(name: &str) -> Result<Exile> {
        crate::spelling::parse(name)
    }
}

impl Named for Exile {
    const WHAT: &'static str = "exile policy";
    fn all() -> &'static [Exile] {
        &Exile::ALL
    }
    fn spelling(self) -> &'static str {
        self.name()
    }
}
lenient_deserialize!(Exile);

impl Bottom {
    /// Every policy.
    pub const ALL: [Bottom; 3] = [Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst];

    /// The name the records use (`"balance"`, `"lands_first"`, `"spells_first"`).
    pub fn name(self) -> &'static str {
        match self {
            Bottom::Balance => "balance",
            Bottom::LandsFirst => "lands_first",
            Bottom::SpellsFirst => "spells_first",
        }
    }

    /// The policy by name, in any case with `-` or `_` (`"lands-first"`, `"LANDS_FIRST"`,
    /// and the short `"lands"`, `"spells"`).
    pub fn parse(name: &str) -> Result<Bottom> {
        crate::spelling::parse(name)
    }
}

impl Named for Bottom {
    const WHAT: &'static str = "bottom policy";
    fn all() -> &'static [Bottom] {
        &Bottom::ALL
    }
    fn spelling(self) -> &'static str {
        self.name()
    }
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Bottom::Balance => &[],
            Bottom::LandsFirst => &["lands"],
            Bottom::SpellsFirst => &["spells"],
        }
    }
}
lenient_deserialize!(Bottom);

fn bottom_schema(schema: &mut schemars::Schema) {
    lenient_schema_with(schema, &["lands", "spells"]);
}
