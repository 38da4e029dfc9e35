/** The package version, shown in every error message. */
export const version = '0.1.0'
