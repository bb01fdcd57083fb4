/** The FAQ screen's questions, in display order. Edit freely: the screen renders whatever is here. */
export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    question: 'O treino é personalizado para mim?',
    answer:
      'Sim. Seu treino é montado a partir da sua avaliação antropométrica, do seu objetivo, da sua rotina e do que você nos contou na consulta. Nada aqui é um modelo pronto: cada série, repetição e descanso foi pensado para você.',
  },
  {
    question: 'Como tiro dúvidas com a equipe?',
    answer:
      'Pela seção de mensagens do app (o botão Chat, na barra de baixo). Escreva sua dúvida com calma e a equipe responde ali mesmo, assim que possível.',
  },
  {
    question: 'Minha rotina mudou. Posso alterar a dieta ou o treino?',
    answer:
      'Pode e deve. Mudou de horário, de emprego ou de academia? Mande uma mensagem pelo Chat contando o que mudou; a equipe avalia e ajusta seu plano para que ele continue cabendo no seu dia.',
  },
  {
    question: 'Como sei se estou fazendo o exercício do jeito certo?',
    answer:
      'Cada exercício do seu treino tem um vídeo mostrando a execução. Assista antes da primeira série, comece com uma carga leve e, se ainda ficar em dúvida, envie uma mensagem pelo Chat.',
  },
  {
    question: 'Posso substituir um alimento da dieta?',
    answer:
      'Sim, dentro das opções de cada refeição. Quando a refeição tiver mais de uma opção, escolha a que preferir. Para trocar um alimento que não está nas opções, fale com seu nutricionista pelo Chat, para manter as quantidades equilibradas.',
  },
  {
    question: 'Por quanto tempo tenho acesso ao app?',
    answer:
      'Cada consulta dá direito a 60 dias de acesso ao app. Nos últimos dias o app avisa quanto tempo falta, e a data de término aparece no seu Perfil.',
  },
  {
    question: 'Como renovo meu acompanhamento?',
    answer:
      'A renovação é feita com uma nova consulta. Quando seu acompanhamento estiver perto do fim, toque em Renovar no seu Perfil para agendar; depois da consulta, seu acesso é liberado por mais 60 dias.',
  },
  {
    question: 'Posso marcar uma consulta pelo app?',
    answer:
      'Não. As consultas são agendadas pelo site do seu treinador e nutricionista. O app é o lugar para acompanhar seu plano depois da consulta.',
  },
  {
    question: 'Quando minha dieta e meu treino aparecem no app?',
    answer:
      'Em até 48 horas depois da consulta. Se passar desse prazo e nada aparecer, mande uma mensagem pelo Chat.',
  },
  {
    question: 'Tenho pouco tempo para treinar. O que faço?',
    answer:
      'Avise a equipe pelo Chat quanto tempo você tem por dia. Dá para montar treinos mais curtos e intensos, com métodos como o bi-set e o super-set, sem perder resultado.',
  },
  {
    question: 'Minha academia não tem um dos aparelhos do treino. E agora?',
    answer:
      'Envie pelo Chat o nome do exercício e o que sua academia tem disponível. A equipe indica uma substituição que trabalhe os mesmos músculos.',
  },
  {
    question: 'Treino na academia do condomínio. Como o treino é montado?',
    answer:
      'Mande pelo Chat fotos dos aparelhos e pesos disponíveis na academia do seu condomínio. Com as fotos, a equipe monta um treino que use exatamente o que você tem.',
  },
];
