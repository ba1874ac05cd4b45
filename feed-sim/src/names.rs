//! Tournaments, teams and players. Teams are real clubs and national sides; players are
//! invented from common first names and surnames, so no real person is simulated.

use rand::rngs::StdRng;
use rand::Rng;

/// A tournament of teams, each with its full and short name (`Mumbai Indians`, `MI`).
pub struct TeamLeague {
    pub cname: &'static str,
    pub teams: &'static [(&'static str, &'static str)],
}

pub const CRICKET: &[TeamLeague] = &[
    TeamLeague {
        cname: "Indian Premier League",
        teams: &[
            ("Mumbai Indians", "MI"),
            ("Chennai Super Kings", "CSK"),
            ("Royal Challengers Bengaluru", "RCB"),
            ("Kolkata Knight Riders", "KKR"),
            ("Delhi Capitals", "DC"),
            ("Rajasthan Royals", "RR"),
            ("Sunrisers Hyderabad", "SRH"),
            ("Punjab Kings", "PBKS"),
            ("Lucknow Super Giants", "LSG"),
            ("Gujarat Titans", "GT"),
        ],
    },
    TeamLeague {
        cname: "ICC Men's T20 World Cup",
        teams: &[
            ("India", "IND"),
            ("Australia", "AUS"),
            ("England", "ENG"),
            ("Pakistan", "PAK"),
            ("South Africa", "SA"),
            ("New Zealand", "NZ"),
            ("West Indies", "WI"),
            ("Sri Lanka", "SL"),
            ("Bangladesh", "BAN"),
            ("Afghanistan", "AFG"),
        ],
    },
    TeamLeague {
        cname: "Big Bash League",
        teams: &[
            ("Sydney Sixers", "SIX"),
            ("Perth Scorchers", "SCO"),
            ("Melbourne Stars", "STA"),
            ("Brisbane Heat", "HEA"),
            ("Adelaide Strikers", "STR"),
            ("Hobart Hurricanes", "HUR"),
            ("Sydney Thunder", "THU"),
            ("Melbourne Renegades", "REN"),
        ],
    },
    TeamLeague {
        cname: "Caribbean Premier League",
        teams: &[
            ("Trinbago Knight Riders", "TKR"),
            ("Guyana Amazon Warriors", "GAW"),
            ("Barbados Royals", "BR"),
            ("Jamaica Tallawahs", "JT"),
            ("Saint Lucia Kings", "SLK"),
            ("St Kitts and Nevis Patriots", "SKNP"),
        ],
    },
];

/// The cricket-virtual table (iscc 1).
pub const VIRTUAL_TABLE: TeamLeague = TeamLeague {
    cname: "Virtual Cricket T5",
    teams: &[
        ("India XI", "IND"),
        ("Australia XI", "AUS"),
        ("England XI", "ENG"),
        ("Pakistan XI", "PAK"),
        ("South Africa XI", "SA"),
        ("New Zealand XI", "NZ"),
    ],
};

/// Virtual cricket (iscc 2): an invented league.
pub const VIRTUAL_LEAGUE: TeamLeague = TeamLeague {
    cname: "Virtual Cricket League",
    teams: &[
        ("Rajkot Rhinos", "RR"),
        ("Pune Panthers", "PP"),
        ("Goa Gladiators", "GG"),
        ("Surat Strikers", "SS"),
        ("Nagpur Ninjas", "NN"),
        ("Kochi Cobras", "KC"),
        ("Indore Invincibles", "II"),
        ("Ranchi Rangers", "RAN"),
    ],
};

pub struct ClubLeague {
    pub cname: &'static str,
    pub teams: &'static [&'static str],
}

pub const FOOTBALL: &[ClubLeague] = &[
    ClubLeague {
        cname: "English Premier League",
        teams: &[
            "Arsenal",
            "Chelsea",
            "Liverpool",
            "Manchester City",
            "Manchester United",
            "Tottenham Hotspur",
            "Newcastle United",
            "Aston Villa",
            "Brighton",
            "West Ham United",
        ],
    },
    ClubLeague {
        cname: "Spanish La Liga",
        teams: &["Real Madrid", "Barcelona", "Atletico Madrid", "Sevilla", "Valencia", "Villarreal", "Real Sociedad", "Athletic Club"],
    },
    ClubLeague { cname: "Italian Serie A", teams: &["Inter", "AC Milan", "Juventus", "Napoli", "Roma", "Lazio", "Atalanta", "Fiorentina"] },
    ClubLeague {
        cname: "German Bundesliga",
        teams: &[
            "Bayern Munich",
            "Borussia Dortmund",
            "RB Leipzig",
            "Bayer Leverkusen",
            "Eintracht Frankfurt",
            "VfB Stuttgart",
            "SC Freiburg",
            "Wolfsburg",
        ],
    },
];

/// A tournament of individual players: whose names are drawn from `first` and `last`.
pub struct PlayerEvent {
    pub cname: &'static str,
    pub first: &'static [&'static str],
    pub last: &'static [&'static str],
}

const MEN: &[&str] = &["Carlos", "Luca", "Andrei", "Mateo", "Felix", "Tomas", "Daniil", "Hugo", "Jakub", "Nikolai", "Marco", "Stefan"];
const WOMEN: &[&str] = &["Elena", "Sofia", "Anna", "Marta", "Chloe", "Ines", "Karolina", "Yulia", "Paula", "Mei", "Laura", "Nadia"];
const SURNAMES: &[&str] = &[
    "Moreno",
    "Ferraro",
    "Novak",
    "Lindqvist",
    "Petrov",
    "Dubois",
    "Kowalski",
    "Schneider",
    "Tanaka",
    "Rossi",
    "Varga",
    "Horvath",
    "Almeida",
    "Brennan",
    "Okafor",
    "Sato",
];

pub const TENNIS: &[PlayerEvent] = &[
    PlayerEvent { cname: "ATP Masters Madrid", first: MEN, last: SURNAMES },
    PlayerEvent { cname: "ATP 500 Hamburg", first: MEN, last: SURNAMES },
    PlayerEvent { cname: "WTA 1000 Rome", first: WOMEN, last: SURNAMES },
    PlayerEvent { cname: "WTA 500 Eastbourne", first: WOMEN, last: SURNAMES },
];

const TT_FIRST: &[&str] = &["Lin", "Zhang", "Ito", "Kim", "Pavel", "Jan", "Oleksandr", "Marek", "Tomas", "Wang", "Hiroto", "Dmitri"];
const TT_LAST: &[&str] = &["Wei", "Hao", "Ren", "Min-jun", "Novotny", "Dvorak", "Bondar", "Svoboda", "Kral", "Lei", "Sasaki", "Orlov"];

pub const TABLE_TENNIS: &[PlayerEvent] = &[
    PlayerEvent { cname: "TT Elite Series", first: TT_FIRST, last: TT_LAST },
    PlayerEvent { cname: "Setka Cup", first: TT_FIRST, last: TT_LAST },
    PlayerEvent { cname: "Czech Liga Pro", first: TT_FIRST, last: TT_LAST },
];

/// Two different indices below `n` (n ≥ 2).
pub fn pair(rng: &mut StdRng, n: usize) -> (usize, usize) {
    let a = rng.gen_range(0..n);
    let b = (a + rng.gen_range(1..n)) % n;
    (a, b)
}

/// Two different invented player names.
pub fn players(rng: &mut StdRng, event: &PlayerEvent) -> [String; 2] {
    let (a, b) = pair(rng, event.last.len());
    let first = |rng: &mut StdRng| event.first[rng.gen_range(0..event.first.len())];
    [format!("{} {}", first(rng), event.last[a]), format!("{} {}", first(rng), event.last[b])]
}
