import { describe, expect, it } from 'vitest';
import { isSealedValue, type PersonalDataVault, sealedSubject } from './personal-data-vault.ts';

/** One suite every personal-data vault passes; `reopen` gives the same vault after a restart, when durable. */
export const personalDataVaultContract = (
  name: string,
  open: () => { vault: PersonalDataVault; reopen?: () => PersonalDataVault; cleanup: () => void },
  { durable }: { durable: boolean },
) =>
  describe(`personal-data vault contract: ${name}`, () => {
    it('when a value is sealed then it is not readable in the sealed text and opens to the value', async () => {
      const { vault, cleanup } = open();
      const sealed = await vault.seal('acc-1', 'ada@example.com');
      expect(isSealedValue(sealed)).toBe(true);
      expect(sealed).not.toContain('ada');
      expect(sealedSubject(sealed)).toBe('acc-1');
      expect(await vault.open(sealed)).toBe('ada@example.com');
      // a fresh IV per value: the same value sealed twice differs
      expect(await vault.seal('acc-1', 'ada@example.com')).not.toBe(sealed);
      await vault.close();
      cleanup();
    });

    it('when a subject is forgotten then its values open to null and other subjects are untouched', async () => {
      const { vault, cleanup } = open();
      const ada = await vault.seal('acc-1', 'ada@example.com');
      const bob = await vault.seal('acc-2', 'bob@example.com');
      expect(await vault.forgotten('acc-1')).toBe(false);
      await vault.forget('acc-1');
      await vault.forget('acc-1');
      expect(await vault.forgotten('acc-1')).toBe(true);
      expect(await vault.open(ada)).toBeNull();
      expect(await vault.open(bob)).toBe('bob@example.com');
      await expect(vault.seal('acc-1', 'again@example.com')).rejects.toThrow(/erased/);
      await vault.close();
      cleanup();
    });

    it('when a sealed value is moved to another subject then it does not open', async () => {
      const { vault, cleanup } = open();
      const sealed = await vault.seal('acc-1', 'ada@example.com');
      await vault.seal('acc-2', 'bob@example.com');
      const moved = sealed.replace(':acc-1:', ':acc-2:');
      await expect(vault.open(moved)).rejects.toThrow();
      await vault.close();
      cleanup();
    });

    // only durable vaults have a restart to survive
    if (durable)
      it('when the vault is reopened then sealed values still open and forgotten subjects stay forgotten', async () => {
        const { vault, reopen, cleanup } = open();
        if (!reopen) throw new Error('a durable vault must be reopenable');
        const ada = await vault.seal('acc-1', 'ada@example.com');
        const bob = await vault.seal('acc-2', 'bob@example.com');
        await vault.forget('acc-2');
        await vault.close();
        const again = reopen();
        expect(await again.open(ada)).toBe('ada@example.com');
        expect(await again.open(bob)).toBeNull();
        await again.close();
        cleanup();
      });
  });
