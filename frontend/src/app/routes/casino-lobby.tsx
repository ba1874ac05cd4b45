// The casino lobby (spec §2): /casino-list/LC/{typeId} and /casino-list/LC/{typeId}/{casinoId};
// the casinoId, when present, picks the casino type (/casino-list/LC/4/35 is Our Casino).
import { useParams } from 'react-router';
import { useAuthActions } from '@/features/auth';
import { CasinoLobby, OUR_CASINO_TYPE } from '@/features/casino';

export default function CasinoLobbyPage() {
  const { typeId, casinoId } = useParams();
  const type = Number(casinoId ?? typeId);
  const { signInDemo } = useAuthActions();
  return <CasinoLobby typeId={Number.isInteger(type) && type > 0 ? type : OUR_CASINO_TYPE} onDemo={signInDemo} />;
}
