//! The log's records. Each aggregate defines its own events; `Event` wraps them, one variant an
//! aggregate. In the log an event is written as the aggregate's event alone, under its own name
//! (`{"BetPlaced": [...]}`), so every name is unique across the aggregates, a record does not say
//! which aggregate it belongs to, and moving an event between aggregates keeps its bytes. The
//! wallet's and the second factor's events are written under `Wallet` and `SecureAuth`.
//! Variants are only ever added: an existing one never changes its fields or meaning, because
//! records are encoded positionally (rmp-serde) and the log is forever (`tests/log_format.rs`).

use crate::accounts::messages::AccountEvent;
use crate::bets::messages::BetEvent;
use crate::book::messages::OrderEvent;
use crate::casino::messages::CasinoEvent;
use crate::ids::UserId;
use crate::oversight::messages::OversightEvent;
use crate::secure::SecureEvent;
use crate::sports::messages::SportsEvent;
use crate::wallet::WalletEvent;
use serde::de::{self, DeserializeSeed, EnumAccess, IntoDeserializer, VariantAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// One record of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    pub seq: u64,
    pub at_ms: i64,
    pub event: Event,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Accounts(AccountEvent),
    Bets(BetEvent),
    Sports(SportsEvent),
    Casino(CasinoEvent),
    Oversight(OversightEvent),
    /// The exchange's orders (their fills are `Bets`).
    Exchange(OrderEvent),
    /// Deposits, withdrawals, saved accounts and bonus coupons.
    Wallet(WalletEvent),
    /// The second factor and Telegram connection.
    SecureAuth(SecureEvent),
}

impl Event {
    /// The user whose balance or exposure this event moves, for push notifications.
    pub fn money_user(&self) -> Option<UserId> {
        match self {
            Event::Accounts(AccountEvent::Credited { user_id, .. } | AccountEvent::Debited { user_id, .. }) => Some(*user_id),
            Event::Bets(BetEvent::BetPlaced { user_id, .. } | BetEvent::BetsSettled { user_id, .. } | BetEvent::CommissionCharged { user_id, .. }) => Some(*user_id),
            Event::Exchange(event) => event.user_id(),
            _ => None,
        }
    }
}

macro_rules! wraps {
    ($($variant:ident($inner:ty)),+) => {
        $(impl From<$inner> for Event {
            fn from(inner: $inner) -> Self {
                Event::$variant(inner)
            }
        })+
    };
}

wraps!(Accounts(AccountEvent), Bets(BetEvent), Exchange(OrderEvent), Sports(SportsEvent), Casino(CasinoEvent), Oversight(OversightEvent), Wallet(WalletEvent), SecureAuth(SecureEvent));

const WALLET: &str = "Wallet";
const SECURE_AUTH: &str = "SecureAuth";

/// Every name an event has in the log.
const NAMES: [&[&str]; 7] = [AccountEvent::NAMES, BetEvent::NAMES, SportsEvent::NAMES, CasinoEvent::NAMES, OversightEvent::NAMES, OrderEvent::NAMES, &[WALLET, SECURE_AUTH]];

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Event::Accounts(event) => event.serialize(serializer),
            Event::Bets(event) => event.serialize(serializer),
            Event::Sports(event) => event.serialize(serializer),
            Event::Casino(event) => event.serialize(serializer),
            Event::Oversight(event) => event.serialize(serializer),
            Event::Exchange(event) => event.serialize(serializer),
            Event::Wallet(event) => serializer.serialize_newtype_variant("Event", 0, WALLET, event),
            Event::SecureAuth(event) => serializer.serialize_newtype_variant("Event", 1, SECURE_AUTH, event),
        }
    }
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_enum("Event", &[], EventVisitor)
    }
}

struct EventVisitor;

impl<'de> Visitor<'de> for EventVisitor {
    type Value = Event;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an event of the log")
    }

    /// The record's name says which aggregate's event it is; that aggregate reads the rest.
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Event, A::Error> {
        let ((family, name), variant) = data.variant_seed(Name)?;
        let named = Named { name, variant };
        match family {
            0 => AccountEvent::deserialize(named).map(Event::Accounts),
            1 => BetEvent::deserialize(named).map(Event::Bets),
            2 => SportsEvent::deserialize(named).map(Event::Sports),
            3 => CasinoEvent::deserialize(named).map(Event::Casino),
            4 => OversightEvent::deserialize(named).map(Event::Oversight),
            5 => OrderEvent::deserialize(named).map(Event::Exchange),
            _ if name == WALLET => named.variant.newtype_variant().map(Event::Wallet),
            _ => named.variant.newtype_variant().map(Event::SecureAuth),
        }
    }
}

/// Reads a record's name: which of `NAMES` it is, as (family, name).
struct Name;

impl<'de> DeserializeSeed<'de> for Name {
    type Value = (usize, &'static str);

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for Name {
    type Value = (usize, &'static str);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the name of an event")
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Self::Value, E> {
        NAMES
            .iter()
            .enumerate()
            .find_map(|(family, names)| names.iter().find(|n| **n == value).map(|n| (family, *n)))
            .ok_or_else(|| E::unknown_variant(value, &[]))
    }

    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<Self::Value, E> {
        let value = std::str::from_utf8(value).map_err(|_| E::invalid_value(de::Unexpected::Bytes(value), &self))?;
        self.visit_str(value)
    }
}

/// An aggregate's event whose name was read already: it hands the aggregate's own `Deserialize`
/// that name and the rest of the record.
struct Named<V> {
    name: &'static str,
    variant: V,
}

impl<'de, A: VariantAccess<'de>> Deserializer<'de> for Named<A> {
    type Error = A::Error;

    fn deserialize_any<W: Visitor<'de>>(self, visitor: W) -> Result<W::Value, Self::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit unit_struct
        newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de, V: VariantAccess<'de>> EnumAccess<'de> for Named<V> {
    type Error = V::Error;
    type Variant = V;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, V), Self::Error> {
        let name = seed.deserialize(IntoDeserializer::<V::Error>::into_deserializer(self.name))?;
        Ok((name, self.variant))
    }
}
