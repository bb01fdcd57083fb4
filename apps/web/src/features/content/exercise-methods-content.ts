/** The training-methods screen: each method and how it works, in display order. */
export interface ExerciseMethod {
  name: string;
  description: string;
}

export const EXERCISE_METHODS: readonly ExerciseMethod[] = [
  {
    name: 'Bi-set',
    description:
      'Dois exercícios para o mesmo grupo muscular feitos em sequência, sem descanso entre eles; o descanso vem só depois do segundo. Exemplo: supino reto seguido de crucifixo.',
  },
  {
    name: 'Pré-exaustão',
    description:
      'Primeiro um exercício isolado cansa o músculo-alvo; logo depois, um exercício composto faz com que ele trabalhe perto da falha enquanto os músculos auxiliares ainda estão descansados. Exemplo: cadeira extensora seguida de agachamento.',
  },
  {
    name: 'Rest-pause',
    description:
      'Faça a série até a falha, pause 10 segundos e, com a mesma carga, faça o máximo de repetições que conseguir. Assim você completa mais repetições com uma carga alta.',
  },
  {
    name: 'Tri-set',
    description:
      'Três exercícios seguidos, sem descanso entre eles, normalmente para o mesmo grupo muscular. O descanso vem depois do terceiro. Aumenta o volume e o tempo sob tensão em pouco tempo.',
  },
  {
    name: 'Drop-set',
    description:
      'Faça a série até a falha e, sem descanso, reduza a carga e continue; repita por 3 a 4 séries seguidas, sempre diminuindo o peso. Leva o músculo à exaustão completa.',
  },
  {
    name: 'Strip-set',
    description:
      'Uma variação do drop-set feita com anilhas ou halteres: ao chegar à falha, retire uma parte do peso (por exemplo, uma anilha de cada lado) e continue sem descanso.',
  },
  {
    name: 'Cluster-set',
    description:
      'A série é dividida em pequenos blocos com pausas curtas entre eles, o que permite usar cargas mais altas. Exemplo: 5 repetições com 10kg, pausa de 5 segundos, 5 repetições com 12kg.',
  },
  {
    name: 'Super-set',
    description:
      'Dois exercícios para grupos musculares opostos (agonista e antagonista) feitos em sequência, sem descanso. Exemplo: rosca direta seguida de tríceps na polia.',
  },
  {
    name: 'FST-7',
    description:
      'Sete séries do mesmo exercício, com descansos de 15 a 30 segundos entre elas, geralmente no fim do treino do músculo, com alongamento entre as séries. Busca o máximo de bombeamento e de alongamento da fáscia muscular.',
  },
];
