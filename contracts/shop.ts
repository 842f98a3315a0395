// The shop's own details, shown on the home page and used in messages to customers.

export const shop = {
  name: 'Ottoman Mittens',
  brand: 'Ottoman',
  email: 'care@ottomanmittens.in',
  phone: '+91 98100 45210',
  address: '14, Hauz Khas Village, New Delhi, Delhi 110016, India',
  pickupPincode: '110001',
  social: {
    instagram: 'https://www.instagram.com/ottomanmittens',
    facebook: 'https://www.facebook.com/ottomanmittens',
  },
  policiesLastUpdated: 'Jul 9 2025',
} as const;
