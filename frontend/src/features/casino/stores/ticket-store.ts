// The lottery ticket being built, and the last one placed (for Repeat).
import { create } from 'zustand';
import { addLine, removeLine, setLineStake, type TicketLine } from '../model/ticket';

type TicketStore = {
  lines: TicketLine[];
  last: TicketLine[];
  placing: boolean;
  add: (line: TicketLine) => void;
  remove: (index: number) => void;
  setStake: (index: number, stake: number) => void;
  clear: () => void;
  repeat: () => void;
  placed: (lines: TicketLine[]) => void;
  setPlacing: (placing: boolean) => void;
};

export const useTicketStore = create<TicketStore>((set) => ({
  lines: [],
  last: [],
  placing: false,
  add: (line) => set((state) => ({ lines: addLine(state.lines, line) })),
  remove: (index) => set((state) => ({ lines: removeLine(state.lines, index) })),
  setStake: (index, stake) => set((state) => ({ lines: setLineStake(state.lines, index, stake) })),
  clear: () => set({ lines: [] }),
  repeat: () => set((state) => ({ lines: state.last.reduce(addLine, state.lines) })),
  placed: (lines) => set({ lines: [], last: lines }),
  setPlacing: (placing) => set({ placing }),
}));
