//! 3 Card Judgement: one deck, three cards dealt. The player picks exactly three ranks and bets
//! Yes (at least one of them is dealt) or No (none is). Every set of three ranks covers 12 of
//! the 52 cards, so every pick has the same chance and each side one rate.

use super::cards::{cards, Card, Shoe};
use super::{Deal, Face, Market, Pick, Table, Verdict};
use schemas::casino::ItemOutcome;

pub struct ThreeCardJudgement;

/// Rates (ours), hundredths. No: none of the 12 cards among the three dealt,
/// C(40,3) / C(52,3) = 9,880 / 22,100 = 44.71 %; Yes: 55.29 %. Yes 1.75 keeps 3.24 %, No 2.15
/// keeps 3.88 %.
const YES_RATE_H: u32 = 175;
const NO_RATE_H: u32 = 215;
const NO_CHANCE: f64 = 9_880.0 / 22_100.0;

const SIDS: [u32; 2] = [1, 2];

const HOW_TO_PLAY: &[&str] = &[
    "One deck, shuffled every round; the dealer deals three cards.",
    "Pick exactly three different ranks (A to K), then back Yes (at least one of them is among the three cards) or No (none is).",
    "Every pick covers 12 of the 52 cards, so every pick has the same chance: the rates below hold for any three ranks.",
];

fn yes(sid: u32) -> bool {
    sid == SIDS[0]
}

fn rank_choices() -> Vec<String> {
    (1..=13).map(|rank| Card::rank_name(rank).to_owned()).collect()
}

fn market(sid: u32) -> Market {
    let (nat, rate, chance) = if yes(sid) { ("Yes", YES_RATE_H, 1.0 - NO_CHANCE) } else { ("No", NO_RATE_H, NO_CHANCE) };
    let slots = (1..=3).map(|n| (format!("Rank {n}"), rank_choices())).collect();
    let market = Market::back(nat, "judgement", "3 Card Judgement", rate, chance).ours().picked(slots, true);
    Market { sid, ..market }
}

/// Whether any of the ranks (a bit per rank) is among the dealt cards.
fn any_dealt(deal: &Deal, ranks: u32) -> bool {
    deal.cards(0).iter().any(|card| ranks & (1 << card.rank) != 0)
}

fn ranks_of(code: u32) -> Vec<u8> {
    (1..=13).filter(|rank| code & (1 << rank) != 0).collect()
}

impl Table for ThreeCardJudgement {
    fn gtype(&self) -> &'static str {
        "3cardj"
    }

    fn name(&self) -> &'static str {
        "3 Card Judgement"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Cards"]
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        for _ in 0..3 {
            deal.give(0, Face::Card(shoe.card()));
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        SIDS.into_iter().map(market).collect()
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let dealt = deal.cards(0);
        if dealt.len() < 3 {
            return Verdict::void(SIDS.len());
        }
        let names: Vec<String> = dealt.iter().map(|card| card.words()).collect();
        let ranks: Vec<&str> = dealt.iter().map(|card| Card::rank_name(card.rank)).collect();
        // The result in words: the three ranks dealt (`Ace, 7 and King`), which decide every bet.
        let words: Vec<&str> = dealt.iter().map(|card| Card::rank_words(card.rank)).collect();
        let winner = format!("{} and {}", words[..2].join(", "), words[2]);
        Verdict {
            win: ranks.join(""),
            rdesc: format!("{winner} | Dealt {}", names.join(", ")),
            winner,
            outcomes: vec![ItemOutcome::Push; SIDS.len()],
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }

    fn pick(&self, sid: u32, choices: &[String]) -> Result<Pick, String> {
        if !SIDS.contains(&sid) {
            return Err("This item takes no pick".to_owned());
        }
        let rank = |text: &String| (1..=13u8).find(|&r| Card::rank_name(r).eq_ignore_ascii_case(text.trim()));
        let ranks: Vec<u8> = choices.iter().map(rank).collect::<Option<_>>().ok_or("pick: three ranks, A to K")?;
        let code = ranks.iter().fold(0u32, |bits, rank| bits | 1 << rank);
        if ranks.len() != 3 || code.count_ones() != 3 {
            return Err("pick: exactly three different ranks".to_owned());
        }
        let market = market(sid);
        let names: Vec<String> = ranks_of(code).into_iter().map(|r| Card::rank_name(r).to_owned()).collect();
        Ok(Pick { code, nat: format!("{} {}", market.nat, names.join(" ")), choices: names, rate: market.back, chances: market.chances })
    }

    fn unpick(&self, sid: u32, code: u32) -> Option<Pick> {
        let names: Vec<String> = ranks_of(code).into_iter().map(|r| Card::rank_name(r).to_owned()).collect();
        self.pick(sid, &names).ok().filter(|pick| pick.code == code)
    }

    fn judge(&self, deal: &Deal, sid: u32, pick: &Pick) -> ItemOutcome {
        if deal.cards(0).len() < 3 {
            return ItemOutcome::Push;
        }
        if any_dealt(deal, pick.code) == yes(sid) {
            ItemOutcome::Win
        } else {
            ItemOutcome::Lose
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::casino::cards::Suit;

    fn deal(ranks: [u8; 3]) -> Deal {
        let mut deal = Deal::default();
        for rank in ranks {
            deal.give(0, Face::Card(Card::new(rank, Suit::Spades)));
        }
        deal
    }

    fn pick(sid: u32, ranks: &[&str]) -> Result<Pick, String> {
        ThreeCardJudgement.pick(sid, &ranks.iter().map(|r| r.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn yes_wins_when_a_picked_rank_is_dealt_and_no_when_none_is() {
        let yes = pick(1, &["K", "a", "7"]).expect("three ranks");
        assert_eq!(yes.nat, "Yes A 7 K");
        assert_eq!(yes.rate, market(1).back);
        let no = pick(2, &["K", "A", "7"]).expect("three ranks");
        assert_eq!(ThreeCardJudgement.judge(&deal([2, 13, 5]), 1, &yes), ItemOutcome::Win);
        assert_eq!(ThreeCardJudgement.judge(&deal([2, 13, 5]), 2, &no), ItemOutcome::Lose);
        assert_eq!(ThreeCardJudgement.judge(&deal([2, 3, 5]), 1, &yes), ItemOutcome::Lose);
        assert_eq!(ThreeCardJudgement.judge(&deal([2, 3, 5]), 2, &no), ItemOutcome::Win);
        assert_eq!(ThreeCardJudgement.unpick(2, no.code), Some(no));
    }

    #[test]
    fn the_result_names_the_ranks_dealt_in_words() {
        let verdict = ThreeCardJudgement.settle(&deal([1, 7, 13]));
        assert_eq!(verdict.winner, "Ace, 7 and King");
        assert_eq!(verdict.win, "A7K");
        assert!(verdict.rdesc.starts_with("Ace, 7 and King | Dealt Ace of "), "{}", verdict.rdesc);
    }

    #[test]
    fn a_pick_is_exactly_three_different_ranks() {
        assert!(pick(1, &["A", "A", "K"]).is_err());
        assert!(pick(1, &["A", "K"]).is_err());
        assert!(pick(1, &["A", "K", "Q", "J"]).is_err());
        assert!(pick(1, &["A", "K", "1"]).is_err());
        assert!(pick(3, &["A", "K", "Q"]).is_err());
    }
}
