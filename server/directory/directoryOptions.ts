import { z } from 'zod'

/**
 * The `directory` server option: the provider directory API of SPEC §7 (wallet list, images,
 * config, origins) and analytics. Absent: none of those routes. `{}`: the built-in sample
 * registry (made-up wallets, for trying things out).
 */
export const directoryOptionsSchema = z
  .object({
    /** Path of the registry JSON file (`{ wallets: [...], features?: {...} }`); none: the sample. */
    registry: z.string().min(1).optional(),
    /**
     * Folder of images: `wallets/<image_id>.svg` (or png, webp, jpg, gif), `assets/`,
     * `currencies/`, `tokens/`. @default the `images` folder beside the registry file (with no
     * registry file: the sample's built-in images)
     */
    images: z.string().min(1).optional(),
    /** Accept analytics events at POST /e (stored in the database). @default true */
    analytics: z.boolean().default(true),
  })
  .strict()

/** The `directory` option with defaults filled in. */
export type DirectoryOptions = z.output<typeof directoryOptionsSchema>
