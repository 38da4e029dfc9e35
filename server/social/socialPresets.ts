/** How an answer maps to an identity: dotted paths into the ID token or userinfo JSON. */
export interface ProfileMap {
  subject: string
  email?: string | undefined
  emailVerified?: string | undefined
  username?: string | undefined
}

/** A provider's protocol and endpoints, before the operator's options. */
export interface SocialPreset {
  /** `oidc`: an ID token is verified; `oauth2`: the profile comes from the userinfo URL only. */
  kind: 'oidc' | 'oauth2'
  issuer?: string | undefined
  authorizationUrl?: string | undefined
  tokenUrl?: string | undefined
  userinfoUrl?: string | undefined
  jwksUrl?: string | undefined
  emailsUrl?: string | undefined
  scopes: readonly string[]
  responseMode: 'query' | 'form_post'
  tokenAuth: 'client_secret_post' | 'client_secret_basic'
  profile: ProfileMap
}

const oidcProfile: ProfileMap = {
  subject: 'sub',
  email: 'email',
  emailVerified: 'email_verified',
  username: 'email',
}

/**
 * The six providers of SPEC §5 with their public endpoints (as each documents them). Facebook's
 * and X's emails are not marked verified by their APIs, so they are never used to match an
 * account; X gives no email at all.
 */
export const socialPresets: Readonly<Record<string, SocialPreset>> = {
  google: {
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    scopes: ['openid', 'email', 'profile'],
    responseMode: 'query',
    tokenAuth: 'client_secret_post',
    profile: oidcProfile,
  },
  apple: {
    kind: 'oidc',
    issuer: 'https://appleid.apple.com',
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    // Apple requires form_post when name or email is asked for.
    scopes: ['openid', 'email', 'name'],
    responseMode: 'form_post',
    tokenAuth: 'client_secret_post',
    profile: oidcProfile,
  },
  github: {
    kind: 'oauth2',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    scopes: ['read:user', 'user:email'],
    responseMode: 'query',
    tokenAuth: 'client_secret_post',
    profile: { subject: 'id', email: 'email', username: 'login' },
  },
  facebook: {
    kind: 'oauth2',
    authorizationUrl: 'https://www.facebook.com/v23.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v23.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v23.0/me?fields=id,name,email',
    scopes: ['public_profile', 'email'],
    responseMode: 'query',
    tokenAuth: 'client_secret_post',
    profile: { subject: 'id', email: 'email', username: 'name' },
  },
  x: {
    kind: 'oauth2',
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    responseMode: 'query',
    tokenAuth: 'client_secret_basic',
    profile: { subject: 'data.id', username: 'data.username' },
  },
  discord: {
    kind: 'oauth2',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    responseMode: 'query',
    tokenAuth: 'client_secret_post',
    profile: { subject: 'id', email: 'email', emailVerified: 'verified', username: 'username' },
  },
}

/** Ids with a preset. */
export const socialPresetIds: readonly string[] = Object.keys(socialPresets)

/** The preset of an operator-configured OpenID Connect provider (endpoints by discovery). */
export const oidcDefaults: SocialPreset = {
  kind: 'oidc',
  scopes: ['openid', 'email', 'profile'],
  responseMode: 'query',
  tokenAuth: 'client_secret_post',
  profile: oidcProfile,
}
