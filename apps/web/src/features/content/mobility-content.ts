/** A mobility video: `video` is a YouTube address or id, as VideoEmbed takes it. */
export interface MobilityVideo {
  title: string;
  description: string;
  video: string;
}

/*
 * DEMO VALUES: the seven YouTube ids below are well-formed placeholders ("demo-…"), not real
 * videos; nobody could check real ids while this was written. The team must replace each one with
 * the id of its own recording before launch. Titles and descriptions are final.
 */
export const MOBILITY_VIDEOS: readonly MobilityVideo[] = [
  {
    title: 'Mobilidade de ombro 1',
    description: 'Círculos de braço e rotações leves para aquecer a articulação antes de qualquer treino de membros superiores.',
    video: 'demo-ombro1',
  },
  {
    title: 'Mobilidade de ombro 2',
    description: 'Deslizamento na parede (wall slide) para ganhar amplitude ao elevar os braços acima da cabeça.',
    video: 'demo-ombro2',
  },
  {
    title: 'Mobilidade de ombro 3',
    description: 'Rotação externa com elástico, que prepara o manguito rotador para supinos e desenvolvimentos.',
    video: 'demo-ombro3',
  },
  {
    title: 'Mobilidade de ombro 4',
    description: 'Passagem do bastão por cima da cabeça, da frente para trás, com as mãos bem afastadas e sem forçar além do confortável.',
    video: 'demo-ombro4',
  },
  {
    title: 'Mobilidade de ombro 5',
    description: 'Alongamento ativo da parte posterior do ombro para soltar a articulação depois do treino.',
    video: 'demo-ombro5',
  },
  {
    title: 'Mobilidade torácica',
    description: 'Rotações da coluna em quatro apoios e extensão sobre o rolo para melhorar a postura e a respiração.',
    video: 'demo-torax1',
  },
  {
    title: 'Mobilidade de quadril',
    description: 'Sequência 90/90 e afundo com rotação para agachar mais fundo e proteger a lombar.',
    video: 'demoquadril',
  },
];
