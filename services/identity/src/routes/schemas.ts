import Type from 'typebox';
import { ErrorMessages, Limits } from '@civic/contracts';
import { registrationLimits } from '../domain/registration.js';

/** JSON schemas shared by the routes (and the OpenAPI document built from them). */

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });

export const Email = Type.String({ format: 'email', maxLength: registrationLimits.emailMax });
export const NewPassword = Type.String({ minLength: Limits.password.min, maxLength: Limits.password.max });
/** A password being checked (login, confirmation): any length up to the maximum. */
export const GivenPassword = Type.String({ minLength: 1, maxLength: Limits.password.max });
export const UserName = Type.String({ minLength: Limits.userName.min, maxLength: Limits.userName.max, pattern: '\\S' });
export const LocaleSchema = Type.Union([Type.Literal('en'), Type.Literal('fr')]);
/** The token of a mail link; optional in bodies so that its absence answers 'Missing token'. */
export const LinkToken = Type.String({ minLength: 1, maxLength: 512 });

const DateOrNull = Type.Union([Type.String({ format: 'date' }), Type.Null()]);
const DateTimeOrNull = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const SessionUserSchema = Type.Object(
  {
    id: Uuid,
    userName: Type.String(),
    email: Type.String(),
    verified: Type.Boolean(),
    moderator: Type.Boolean(),
    scribe: Type.Boolean(),
    locale: LocaleSchema,
    suspendedUntil: DateTimeOrNull,
    moderatorCandidateDate: DateOrNull,
    scribeCandidateDate: DateOrNull,
    greatWiseCandidateDate: DateOrNull,
    madeProposal: Type.Boolean(),
    memberSince: Type.String({ format: 'date-time' }),
  },
  { title: 'SessionUser', description: 'The logged-in user' },
);

export const UserProfileSchema = Type.Object(
  {
    id: Uuid,
    userName: Type.String(),
    memberSince: Type.String({ format: 'date-time' }),
    lawsCreated: Type.Integer(),
    articlesCreated: Type.Integer(),
    chatMessages: Type.Integer(),
    moderator: Type.Boolean(),
    scribe: Type.Boolean(),
    moderatorCandidateDate: DateOrNull,
    scribeCandidateDate: DateOrNull,
    greatWiseCandidateDate: DateOrNull,
    deleted: Type.Boolean(),
    email: Type.Optional(Type.String({ description: 'only for the user themself' })),
    suspendedUntil: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'for the user themself and moderators' })),
  },
  { title: 'UserProfile', description: 'Public profile; email and suspension only for the owner' },
);

export const ErrorBodySchema = Type.Object(
  {
    statusCode: Type.Integer(),
    statusMessage: Type.Unsafe<string>({ type: 'string', enum: Object.values(ErrorMessages) }),
    data: Type.Optional(Type.Unknown()),
  },
  { description: 'Error (docs/product.md#errors): statusMessage is a key of the error catalogue' },
);

export const NoContent = Type.Null({ description: 'No content' });

/** The error answers every route may give, for the OpenAPI document. */
export const errorResponses = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;
