/**
 * The registry served with `directory: {}` (no file of your own): six made-up wallets on
 * `.example` addresses, for trying the modal out. Copy it as JSON to start your own file.
 */
export const sampleRegistry = {
  wallets: [
    {
      id: 'lantern',
      name: 'Lantern Wallet',
      image_id: 'lantern-logo',
      homepage: 'https://lantern-wallet.example',
      mobile_link: 'lantern://',
      webapp_link: 'https://app.lantern-wallet.example',
      rdns: 'example.lantern-wallet',
      chains: ['eip155:1', 'eip155:10', 'eip155:8453'],
      badge_type: 'certified',
    },
    {
      id: 'harbor',
      name: 'Harbor',
      image_id: 'harbor-logo',
      homepage: 'https://harbor-wallet.example',
      mobile_link: 'https://harbor-wallet.example/open/',
      desktop_link: 'harbor://',
      rdns: 'example.harbor-wallet',
      chains: ['eip155:1', 'eip155:137', 'eip155:42161'],
      badge_type: 'certified',
    },
    {
      id: 'quill-pay',
      name: 'Quill Pay',
      image_id: 'quill-logo',
      homepage: 'https://quillpay.example',
      mobile_link: 'quillpay://',
      chains: ['eip155:1', 'eip155:56'],
    },
    {
      id: 'mosaic-vault',
      name: 'Mosaic Vault',
      image_id: 'mosaic-logo',
      homepage: 'https://mosaic-vault.example',
      desktop_link: 'mosaicvault://',
      rdns: 'example.mosaic-vault',
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      badge_type: 'certified',
    },
    {
      id: 'tern',
      name: 'Tern',
      image_id: 'tern-logo',
      mobile_link: 'tern://',
      chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    },
    {
      id: 'birchkey',
      name: 'Birchkey',
      image_id: 'birch-logo',
      webapp_link: 'https://birchkey.example',
      chains: ['eip155:1', 'eip155:100', 'eip155:8453'],
    },
  ],
} as const
