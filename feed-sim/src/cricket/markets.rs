//! Cricket's markets and scoreboard as the feed shows them, drawn from the model's prices.

use super::{Cricket, OverOutlook, Stage, KHADO_WIDTH, LINE_RATE};
use crate::ladder::{back_only_levels, bookmaker_levels, khado_levels, line_levels, proposition_levels};
use crate::market::{
    section, team_sid, MarketKey, ACTIVE, BALL_RUNNING, BOOKMAKER_LIMITS, DIGIT_LIMITS, FANCY_LIMITS, KHADO_LIMITS, METER_LIMITS, OPEN, PROPOSITION_LIMITS, SUSPENDED,
};
use crate::math::normal_range;
use schemas::sports::{MarketType, TeamScore};

impl Cricket {
    /// Market and section status of a market now.
    pub(super) fn statuses(&self, key: MarketKey) -> (&'static str, &'static str) {
        match self.stage {
            Stage::WicketBreak => (SUSPENDED, SUSPENDED),
            Stage::Delivered(_) if !key.is_exchange() => (OPEN, BALL_RUNNING),
            _ => (OPEN, ACTIVE),
        }
    }

    pub(super) fn innings_label(&self, inn: u8) -> String {
        let ordinal = if inn == 0 { "1st" } else { "2nd" };
        format!("{ordinal} innings runs {}", self.short[self.batting(usize::from(inn))])
    }

    pub(super) fn draft_bookmaker(&self, gstatus: &'static str) -> Vec<schemas::sports::Section> {
        [(0, self.prices.p_home), (1, 1.0 - self.prices.p_home)]
            .into_iter()
            .map(|(team, p)| match bookmaker_levels(p) {
                Some(levels) => section(team_sid(team), self.names[team].clone(), gstatus, BOOKMAKER_LIMITS, levels),
                None => section(team_sid(team), self.names[team].clone(), SUSPENDED, BOOKMAKER_LIMITS, Vec::new()),
            })
            .collect()
    }

    pub(super) fn session(&self, over: u8) -> Option<(f64, f64)> {
        self.prices.sessions.iter().find(|(o, _)| *o == u32::from(over)).map(|(_, total)| *total)
    }

    pub(super) fn outlook(&self, over: u8) -> Option<OverOutlook> {
        self.prices.overs.iter().find(|(o, _)| *o == u32::from(over)).map(|(_, outlook)| *outlook)
    }

    pub(super) fn draft_run_market(&self, key: MarketKey, gstatus: &'static str) -> Option<(String, MarketType, schemas::sports::Section)> {
        Some(match key {
            MarketKey::Session { innings, over } => {
                let (center, _) = self.session(over)?;
                let nat = format!("{over} over runs {}", self.short[self.batting(usize::from(innings))]);
                let levels = line_levels(center.floor() as u32, LINE_RATE, LINE_RATE);
                (nat.clone(), MarketType::Fancy, section(1, nat, gstatus, FANCY_LIMITS, levels))
            }
            MarketKey::Khado { innings, over } => {
                let inn = usize::from(innings);
                let (center, sd) = self.session(over)?;
                let line = ((center - 2.0).floor() as u32).max(self.innings[inn].runs);
                let p = normal_range(center, sd, f64::from(line), f64::from(line + KHADO_WIDTH));
                let nat = format!("{over} over runs {}", self.short[self.batting(inn)]);
                let mut range = section(1, nat.clone(), gstatus, KHADO_LIMITS, khado_levels(line, p));
                range.width = KHADO_WIDTH;
                (format!("Khado: {nat}"), MarketType::Khado, range)
            }
            MarketKey::Meter { innings } => {
                let nat = self.innings_label(innings);
                let levels = line_levels(self.prices.meter.floor() as u32, LINE_RATE, LINE_RATE);
                (format!("Meter: {nat}"), MarketType::Meter, section(1, nat, gstatus, METER_LIMITS, levels))
            }
            MarketKey::OverOddEven { innings, over } => {
                let outlook = self.outlook(over)?;
                let nat = format!("Over {over} runs {}", self.short[self.batting(usize::from(innings))]);
                (
                    format!("{nat} odd/even"),
                    MarketType::Oddeven,
                    section(1, format!("{nat} odd"), gstatus, PROPOSITION_LIMITS, proposition_levels(outlook.odd)),
                )
            }
            _ => return None,
        })
    }

    pub(super) fn draft_over_props(&self, over: u8, gstatus: &'static str) -> Option<Vec<schemas::sports::Section>> {
        let outlook = self.outlook(over)?;
        let sections = [(1, "Six", outlook.six), (2, "Four", outlook.four), (3, "Wicket", outlook.wicket)]
            .into_iter()
            .map(|(sid, what, p)| {
                // A proposition that has already happened is decided: it waits, suspended, for
                // the end of the over.
                let status = if p >= 1.0 { SUSPENDED } else { gstatus };
                section(sid, format!("{what} in over {over}"), status, PROPOSITION_LIMITS, proposition_levels(p))
            })
            .collect();
        Some(sections)
    }

    pub(super) fn draft_digits(&self, gstatus: &'static str) -> Vec<schemas::sports::Section> {
        self.prices
            .digits
            .iter()
            .enumerate()
            .map(|(digit, p)| section(digit as u32 + 1, digit.to_string(), gstatus, DIGIT_LIMITS, back_only_levels(*p)))
            .collect()
    }

    pub(super) fn team_score(&self, team: usize) -> TeamScore {
        let inn = if team == self.first { 0 } else { 1 };
        let s = &self.innings[inn];
        let started = s.balls > 0 || inn < self.cur || (inn == self.cur && !matches!(self.stage, Stage::PreMatch | Stage::InningsBreak));
        if !started {
            return TeamScore { name: self.names[team].clone(), score: "Yet to bat".to_string(), crr: String::new(), rr: String::new() };
        }
        let crr = if s.balls > 0 { format!("{:.2}", f64::from(s.runs) * 6.0 / f64::from(s.balls)) } else { "0.00".to_string() };
        let balls_left = self.total_balls() - s.balls;
        let rr = if inn == 1 && self.stage != Stage::Over && balls_left > 0 {
            format!("{:.2}", f64::from(self.target().saturating_sub(s.runs)) * 6.0 / f64::from(balls_left))
        } else {
            String::new()
        };
        TeamScore { name: self.names[team].clone(), score: format!("{}/{} ({}.{})", s.runs, s.wickets, s.balls / 6, s.balls % 6), crr, rr }
    }

    pub(super) fn message(&self) -> String {
        let bat = &self.names[self.batting(self.cur)];
        let s = &self.innings[self.cur];
        match self.stage {
            Stage::PreMatch => format!("{} won the toss and will bat first", self.names[self.first]),
            Stage::Over => self.result_text.clone(),
            Stage::InningsBreak => format!("Innings break: {bat} need {} runs to win", self.target()),
            Stage::WicketBreak => format!("Wicket! {bat} {}/{}", s.runs, s.wickets),
            _ if self.cur == 1 => {
                format!("{bat} need {} runs from {} balls", self.target().saturating_sub(s.runs), self.total_balls() - s.balls)
            }
            _ => format!("{bat} batting first, {} runs in {}.{} overs", s.runs, s.balls / 6, s.balls % 6),
        }
    }
}
