//! What a search is built from: the deck's profile and the games' shape (the mulligan rule,
//! 103.5, and the free first mulligan of 103.5c, as the request's variant gives them), and the
//! search run over it ([`super::search`], [`super::search_scored`]).

use super::*;

/// What a search is built from: the deck's profile and the games' shape.
pub(super) struct Setup<'a> {
    profile: &'a Profile,
    cfg: Config,
    skips: bool,
    turn: usize,
}

impl<'a> Setup<'a> {
    pub(super) fn new<D>(
        profile: &'a Profile,
        request: &Request<D>,
        turn: usize,
    ) -> Result<Setup<'a>> {
        request.validate()?;
        if request.play.mulligan == MulliganRule::NoMulligan {
            return Err(Error::config(
                "optimize: with the NONE mulligan rule the first hand is kept: there is no \
                 keep rule to search",
            ));
        }
        let cfg = Config {
            rule: request.play.mulligan,
            free_first: rules::free_first_mulligan(request.variant(), request.players()),
            hand_size: BASE_HAND_SIZE as usize,
            deck_size: profile.len(),
            house: HouseRules::default(),
        };
        cfg.validate()?;
        Ok(Setup {
            profile,
            cfg,
            skips: request.skips_first_draw(),
            turn,
        })
    }

    /// The search with `scorer` (described by `objective`), and a warning when its best rule
    /// keeps sevens no player would ([`implausible_keeps`]; `asked` is the built-in objective,
    /// if any).
    pub(super) fn run<D, S: Score + Clone + Send>(
        &self,
        request: &Request<D>,
        seed: &Seed,
        scorer: &S,
        objective: String,
        progress: Progress<'_>,
        asked: Option<&Objective>,
    ) -> Result<OptimizeReport> {
        let mut search = self.search(request);
        search.players_ranges = asked.is_some();
        let mut report = search.run(seed, scorer, objective, progress)?;
        // What keeping the implausible sevens changes: the best rule's seven-card range
        // against the same range cut to a player's 2-5, both as the search scored them.
        let seven = BASE_HAND_SIZE as usize;
        let effect = report
            .best
            .ranges
            .iter()
            .find(|&&(s, _, _)| s == seven)
            .and_then(|&(_, lo, hi)| {
                let (min, max) = PLAUSIBLE_SEVEN;
                let at = |r: [u32; 2]| report.sevens.iter().find(|(x, _)| *x == r).map(|x| x.1);
                let cut = [lo.max(min), hi.min(max)];
                Some((at([lo, hi])?, at(cut)?, cut))
            });
        report.warnings.extend(implausible_keeps(
            &report.best,
            self.profile.len(),
            self.profile.land_count(),
            asked,
            effect,
        ));
        Ok(report)
    }

    pub(super) fn search<D>(&self, request: &Request<D>) -> Search<'a> {
        Search {
            plan: Plan {
                profile: self.profile,
                cfg: self.cfg,
                skips_first_draw: self.skips,
                turns: self.turn,
                tags: vec![],
                colours: vec![],
                questions: vec![],
            },
            baseline: request.keep_rule(),
            cards: self.profile.rule_cards(),
            colours: match request.optimize_colours {
                true => deck_colours(self.profile.colours()),
                false => vec![],
            },
            games: request.games,
            threads: request.threads().unwrap_or(1),
            players_ranges: false,
        }
    }
}
