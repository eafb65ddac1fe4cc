import Type from 'typebox';
import argon2 from 'argon2';
import { AppError, type ServiceApp } from '@civic/service-kit';
import { normalizeEmail, normalizeUserName, PASSWORD_HASH_OPTIONS, registrationLimits } from '../domain/registration.js';
import { EmailTakenError, type UserRepository } from '../store/user.repository.js';
import type { SigningKeyRepository } from '../store/signing-key.repository.js';

export interface AuthRoutesOptions {
  users: UserRepository;
  keys: SigningKeyRepository;
}

const RegisterBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: registrationLimits.emailMax }),
    userName: Type.String({ minLength: registrationLimits.userName.min, maxLength: registrationLimits.userName.max, pattern: '\\S' }),
    password: Type.String({ minLength: registrationLimits.password.min, maxLength: registrationLimits.password.max }),
  },
  { additionalProperties: false },
);

const RegisteredUser = Type.Object({ id: Type.String(), userName: Type.String(), createdAt: Type.String() });

export async function authRoutes(app: ServiceApp, { users, keys }: AuthRoutesOptions): Promise<void> {
  app.post(
    '/api/auth/register',
    {
      schema: { body: RegisterBody, response: { 201: RegisteredUser } },
      // Pasted addresses often carry spaces; trim before the format check rather than refuse them.
      preValidation: async (request) => {
        const body = request.body as { email?: unknown } | undefined;
        if (body && typeof body.email === 'string') body.email = body.email.trim();
      },
    },
    async (request, reply) => {
      const { email, userName, password } = request.body;
      const passwordHash = await argon2.hash(password, { type: argon2.argon2id, ...PASSWORD_HASH_OPTIONS });
      try {
        const user = await users.register({ email: normalizeEmail(email), userName: normalizeUserName(userName), passwordHash });
        request.log.info({ userId: user.id }, 'user registered');
        return reply.status(201).send({ id: user.id, userName: user.userName, createdAt: user.createdAt.toISOString() });
      } catch (error) {
        if (error instanceof EmailTakenError) throw new AppError('emailAlreadyRegistered', 409);
        throw error;
      }
    },
  );

  app.get('/api/auth/jwks', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: await keys.publicKeys() };
  });
}
