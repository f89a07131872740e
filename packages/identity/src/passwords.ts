import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the OWASP-recommended minimums (19 MiB, 2 passes); the parameters live in the hash. */
export const hashPassword = (password: string): Promise<string> =>
  hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });

export const verifyPassword = async (passwordHash: string | null, password: string): Promise<boolean> => {
  // an account made by the operator CLI has no password: still spend the time, so timing says nothing
  if (!passwordHash) {
    await hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
