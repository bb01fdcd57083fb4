import casaNatural from './assets/partners/casa-natural.svg';
import farmaciaVitalis from './assets/partners/farmacia-vitalis.svg';
import manipulacaoEssencia from './assets/partners/manipulacao-essencia.svg';
import nutriForte from './assets/partners/nutri-forte.svg';
import suplementosArena from './assets/partners/suplementos-arena.svg';

/** A partner shop (SPEC.md's sponsor). `whatsapp`: digits only, with country and area code. */
export interface Sponsor {
  id: number;
  name: string;
  logo: string;
  location: string;
  whatsapp: string;
  categories: readonly string[];
}

export const PARTNER_DISCOUNT_PERCENT = 10;

/** The prefilled WhatsApp message, so the shop knows where the client comes from. */
export const WHATSAPP_MESSAGE = 'Olá! Sou cliente do Acompanha e gostaria de usar o desconto de parceiro.';

/** The wa.me address that opens a chat with the shop, the message already typed. */
export function whatsAppLink(sponsor: Pick<Sponsor, 'whatsapp'>): string {
  return `https://wa.me/${sponsor.whatsapp}?text=${encodeURIComponent(WHATSAPP_MESSAGE)}`;
}

// Partners of the demo deployment: the team replaces these with its real partners before launch.
export const SPONSORS: readonly Sponsor[] = [
  {
    id: 1,
    name: 'Nutri Forte',
    logo: nutriForte,
    location: 'São Paulo, SP',
    whatsapp: '5511987650001',
    categories: ['Suplementos', 'Proteínas', 'Vitaminas'],
  },
  {
    id: 2,
    name: 'Farmácia Vitalis',
    logo: farmaciaVitalis,
    location: 'Campinas, SP',
    whatsapp: '5519987650002',
    categories: ['Manipulados', 'Vitaminas', 'Fitoterápicos'],
  },
  {
    id: 3,
    name: 'Casa Natural',
    logo: casaNatural,
    location: 'Belo Horizonte, MG',
    whatsapp: '5531987650003',
    categories: ['Produtos naturais', 'Grãos e sementes', 'Chás'],
  },
  {
    id: 4,
    name: 'Suplementos Arena',
    logo: suplementosArena,
    location: 'Rio de Janeiro, RJ',
    whatsapp: '5521987650004',
    categories: ['Suplementos', 'Pré-treinos', 'Creatina'],
  },
  {
    id: 5,
    name: 'Manipulação Essência',
    logo: manipulacaoEssencia,
    location: 'Curitiba, PR',
    whatsapp: '5541987650005',
    categories: ['Manipulados', 'Cápsulas', 'Dermocosméticos'],
  },
];
